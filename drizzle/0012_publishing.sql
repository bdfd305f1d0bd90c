CREATE TABLE "article_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "article_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"museum_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"kind" text NOT NULL,
	"content" jsonb NOT NULL,
	"unformatted_name" text NOT NULL,
	"instructions" text NOT NULL,
	"saved_by" integer,
	"saved_by_name" text DEFAULT '' NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"words" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "publish_by" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_revisions_article_revision_key" ON "article_revisions" USING btree ("article_id","revision");--> statement-breakpoint
CREATE INDEX "article_revisions_article_saved_idx" ON "article_revisions" USING btree ("article_id","saved_at");--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_publish_by_users_id_fk" FOREIGN KEY ("publish_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_publish_at_idx" ON "articles" USING btree ("publish_at");--> statement-breakpoint
-- Every article that exists before drafts and publishing stays what visitors read.
UPDATE "articles" SET "published_at" = "updated_at";
