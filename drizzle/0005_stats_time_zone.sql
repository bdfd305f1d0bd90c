DROP INDEX "daily_counts_museum_day_idx";--> statement-breakpoint
ALTER TABLE "museums" ADD COLUMN "time_zone" text DEFAULT 'Europe/Paris' NOT NULL;--> statement-breakpoint
CREATE INDEX "daily_counts_museum_kind_day_idx" ON "daily_counts" USING btree ("museum_id","kind","day");--> statement-breakpoint
CREATE INDEX "daily_counts_article_kind_day_idx" ON "daily_counts" USING btree ("article_id","kind","day");