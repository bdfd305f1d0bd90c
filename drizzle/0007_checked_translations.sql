CREATE TABLE "checked_translations" (
	"museum_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"language" text NOT NULL,
	"ref" text NOT NULL,
	"source" text NOT NULL,
	"text" text NOT NULL,
	"checked_by" integer,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checked_translations_article_id_language_ref_pk" PRIMARY KEY("article_id","language","ref")
);
--> statement-breakpoint
ALTER TABLE "checked_translations" ADD CONSTRAINT "checked_translations_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checked_translations" ADD CONSTRAINT "checked_translations_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checked_translations" ADD CONSTRAINT "checked_translations_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;