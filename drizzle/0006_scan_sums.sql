CREATE TABLE "daily_article_scans" (
	"museum_id" integer NOT NULL,
	"day" date NOT NULL,
	"article_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_article_scans_museum_id_day_article_id_pk" PRIMARY KEY("museum_id","day","article_id")
);
--> statement-breakpoint
CREATE TABLE "daily_language_scans" (
	"museum_id" integer NOT NULL,
	"day" date NOT NULL,
	"language" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_language_scans_museum_id_day_language_pk" PRIMARY KEY("museum_id","day","language")
);
--> statement-breakpoint
ALTER TABLE "daily_article_scans" ADD CONSTRAINT "daily_article_scans_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_article_scans" ADD CONSTRAINT "daily_article_scans_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_language_scans" ADD CONSTRAINT "daily_language_scans_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "daily_article_scans" ("museum_id", "day", "article_id", "count")
  SELECT "museum_id", "day", "article_id", sum("count") FROM "daily_counts"
  WHERE "kind" = 'scan' GROUP BY "museum_id", "day", "article_id";--> statement-breakpoint
INSERT INTO "daily_language_scans" ("museum_id", "day", "language", "count")
  SELECT "museum_id", "day", "language", sum("count") FROM "daily_counts"
  WHERE "kind" = 'scan' GROUP BY "museum_id", "day", "language";
