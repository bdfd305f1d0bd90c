-- Read aloud (issue 20): the museum's choice of voice per language. daily_counts.kind is text:
-- its new value 'listened' (a visitor pressed Listen) needs no change of the table.
ALTER TABLE "museums" ADD COLUMN "speech" jsonb DEFAULT '{"voice":"browser","otherLanguages":[]}'::jsonb NOT NULL;