CREATE TABLE "engine_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "engine_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"museum_id" integer NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"speech_chars" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engine_minutes" (
	"museum_id" integer NOT NULL,
	"engine" text NOT NULL,
	"minute_start" timestamp with time zone NOT NULL,
	"chars" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "engine_minutes_museum_id_engine_pk" PRIMARY KEY("museum_id","engine")
);
--> statement-breakpoint
ALTER TABLE "engine_holds" ADD CONSTRAINT "engine_holds_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engine_minutes" ADD CONSTRAINT "engine_minutes_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engine_holds_museum_idx" ON "engine_holds" USING btree ("museum_id");