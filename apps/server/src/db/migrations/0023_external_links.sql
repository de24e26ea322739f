CREATE TABLE "external_link_answers" (
	"website_id" uuid NOT NULL,
	"url" text NOT NULL,
	"process_id" uuid NOT NULL,
	"status" integer,
	"final_url" text,
	"redirects" jsonb,
	"headers" jsonb NOT NULL,
	"error" text,
	"error_code" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_link_answers_website_id_url_pk" PRIMARY KEY("website_id","url")
);
--> statement-breakpoint
CREATE TABLE "url_external_links" (
	"from_id" uuid NOT NULL,
	"website_id" uuid NOT NULL,
	"to_url" text NOT NULL,
	"anchor" text NOT NULL,
	CONSTRAINT "url_external_links_from_id_to_url_pk" PRIMARY KEY("from_id","to_url")
);
--> statement-breakpoint
ALTER TABLE "external_link_answers" ADD CONSTRAINT "external_link_answers_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_external_links" ADD CONSTRAINT "url_external_links_from_id_serviceable_urls_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."serviceable_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_external_links" ADD CONSTRAINT "url_external_links_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "url_external_links_target_idx" ON "url_external_links" USING btree ("website_id","to_url");