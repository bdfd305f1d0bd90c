CREATE SEQUENCE "public"."tree_item_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "articles" (
	"id" integer PRIMARY KEY DEFAULT nextval('tree_item_ids') NOT NULL,
	"museum_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"unformatted_name" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" integer PRIMARY KEY DEFAULT nextval('tree_item_ids') NOT NULL,
	"museum_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qrcodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qrcodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"museum_id" integer NOT NULL,
	"link" text NOT NULL,
	"article_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_id_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qrcodes" ADD CONSTRAINT "qrcodes_museum_id_museums_id_fk" FOREIGN KEY ("museum_id") REFERENCES "public"."museums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qrcodes" ADD CONSTRAINT "qrcodes_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_name_key" ON "articles" USING btree ("name");--> statement-breakpoint
CREATE INDEX "articles_museum_folder_idx" ON "articles" USING btree ("museum_id","folder_id");--> statement-breakpoint
CREATE INDEX "folders_museum_parent_idx" ON "folders" USING btree ("museum_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qrcodes_link_key" ON "qrcodes" USING btree ("link");--> statement-breakpoint
CREATE INDEX "qrcodes_museum_idx" ON "qrcodes" USING btree ("museum_id");