ALTER TABLE "articles" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "articles_unpublish_at_idx" ON "articles" USING btree ("unpublish_at");