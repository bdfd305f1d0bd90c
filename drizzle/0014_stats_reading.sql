CREATE TABLE "daily_circuit_progress" (
	"museum_id" integer NOT NULL,
	"day" date NOT NULL,
	"circuit_id" integer NOT NULL,
	"step" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_circuit_progress_museum_id_circuit_id_day_step_pk" PRIMARY KEY("museum_id","circuit_id","day","step")
);
--> statement-breakpoint
CREATE TABLE "daily_reading_times" (
	"museum_id" integer NOT NULL,
	"day" date NOT NULL,
	"article_id" integer NOT NULL,
	"language" text NOT NULL,
	"bucket" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_reading_times_museum_id_article_id_day_language_bucket_pk" PRIMARY KEY("museum_id","article_id","day","language","bucket")
);
--> statement-breakpoint
ALTER TABLE "daily_circuit_progress" ADD CONSTRAINT "daily_circuit_progress_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_circuit_progress" ADD CONSTRAINT "daily_circuit_progress_circuit_id_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_reading_times" ADD CONSTRAINT "daily_reading_times_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_reading_times" ADD CONSTRAINT "daily_reading_times_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;