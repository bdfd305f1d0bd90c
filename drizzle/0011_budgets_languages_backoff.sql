CREATE TABLE "engine_usage" (
	"museum_id" integer NOT NULL,
	"day" date NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"speech_chars" bigint DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "engine_usage_museum_id_day_pk" PRIMARY KEY("museum_id","day")
);
--> statement-breakpoint
CREATE TABLE "translation_failures" (
	"museum_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"language" text NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 1 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_try_at" timestamp with time zone NOT NULL,
	CONSTRAINT "translation_failures_article_id_language_pk" PRIMARY KEY("article_id","language")
);
--> statement-breakpoint
ALTER TABLE "museums" ADD COLUMN "visitor_languages" jsonb;--> statement-breakpoint
ALTER TABLE "museums" ADD COLUMN "budget_tokens" bigint;--> statement-breakpoint
ALTER TABLE "museums" ADD COLUMN "budget_speech_chars" bigint;--> statement-breakpoint
ALTER TABLE "engine_usage" ADD CONSTRAINT "engine_usage_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_failures" ADD CONSTRAINT "translation_failures_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_failures" ADD CONSTRAINT "translation_failures_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "translation_failures_museum_idx" ON "translation_failures" USING btree ("museum_id");