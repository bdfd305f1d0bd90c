CREATE TABLE "glossary_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "glossary_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"museum_id" integer NOT NULL,
	"term" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"do_not_translate" boolean DEFAULT false NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_queue" (
	"museum_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"language" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"ask" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "translation_queue_article_id_language_pk" PRIMARY KEY("article_id","language")
);
--> statement-breakpoint
CREATE TABLE "translation_status" (
	"museum_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"language" text NOT NULL,
	"missing" integer DEFAULT 0 NOT NULL,
	"machine" integer DEFAULT 0 NOT NULL,
	"reviewed" integer DEFAULT 0 NOT NULL,
	"stale" integer DEFAULT 0 NOT NULL,
	"flagged" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_status_article_id_language_pk" PRIMARY KEY("article_id","language")
);
--> statement-breakpoint
ALTER TABLE "museums" ADD COLUMN "priority_languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "museums" ADD COLUMN "translation_status_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "glossary_terms" ADD CONSTRAINT "glossary_terms_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_queue" ADD CONSTRAINT "translation_queue_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_queue" ADD CONSTRAINT "translation_queue_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_status" ADD CONSTRAINT "translation_status_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_status" ADD CONSTRAINT "translation_status_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "glossary_terms_museum_idx" ON "glossary_terms" USING btree ("museum_id");--> statement-breakpoint
CREATE UNIQUE INDEX "glossary_terms_museum_term_key" ON "glossary_terms" USING btree ("museum_id",lower("term"));--> statement-breakpoint
CREATE INDEX "translation_queue_museum_idx" ON "translation_queue" USING btree ("museum_id","queued_at");--> statement-breakpoint
CREATE INDEX "translation_status_museum_idx" ON "translation_status" USING btree ("museum_id");