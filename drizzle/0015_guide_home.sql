CREATE TABLE "daily_guide_visits" (
	"museum_id" integer NOT NULL,
	"day" date NOT NULL,
	"language" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_guide_visits_museum_id_day_language_pk" PRIMARY KEY("museum_id","day","language")
);
--> statement-breakpoint
ALTER TABLE "museums" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "daily_guide_visits" ADD CONSTRAINT "daily_guide_visits_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "museums" ADD CONSTRAINT "museums_slug_key" UNIQUE("slug");