CREATE TABLE "circuit_stops" (
	"circuit_id" integer NOT NULL,
	"position" integer NOT NULL,
	"article_id" integer NOT NULL,
	CONSTRAINT "circuit_stops_circuit_id_position_pk" PRIMARY KEY("circuit_id","position")
);
--> statement-breakpoint
CREATE TABLE "circuits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "circuits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"museum_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_circuit_scans" (
	"museum_id" integer NOT NULL,
	"day" date NOT NULL,
	"circuit_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_circuit_scans_museum_id_day_circuit_id_pk" PRIMARY KEY("museum_id","day","circuit_id")
);
--> statement-breakpoint
ALTER TABLE "qrcodes" ADD COLUMN "circuit_id" integer;--> statement-breakpoint
ALTER TABLE "circuit_stops" ADD CONSTRAINT "circuit_stops_circuit_id_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_stops" ADD CONSTRAINT "circuit_stops_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits" ADD CONSTRAINT "circuits_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_circuit_scans" ADD CONSTRAINT "daily_circuit_scans_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_circuit_scans" ADD CONSTRAINT "daily_circuit_scans_circuit_id_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "circuit_stops_article_key" ON "circuit_stops" USING btree ("circuit_id","article_id");--> statement-breakpoint
CREATE INDEX "circuit_stops_article_idx" ON "circuit_stops" USING btree ("article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "circuits_name_key" ON "circuits" USING btree ("name");--> statement-breakpoint
CREATE INDEX "circuits_museum_idx" ON "circuits" USING btree ("museum_id");--> statement-breakpoint
ALTER TABLE "qrcodes" ADD CONSTRAINT "qrcodes_circuit_id_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuits"("id") ON DELETE set null ON UPDATE no action;