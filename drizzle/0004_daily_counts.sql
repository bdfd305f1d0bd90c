CREATE TABLE "daily_counts" (
	"day" date NOT NULL,
	"museum_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_counts_day_museum_id_article_id_language_kind_pk" PRIMARY KEY("day","museum_id","article_id","language","kind")
);
--> statement-breakpoint
ALTER TABLE "daily_counts" ADD CONSTRAINT "daily_counts_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_counts" ADD CONSTRAINT "daily_counts_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_counts_museum_day_idx" ON "daily_counts" USING btree ("museum_id","day");