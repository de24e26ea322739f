CREATE TABLE "analysis_processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"website_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"subprocesses_count" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"heartbeat_at" timestamp with time zone,
	"sitemap_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"follow_up_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "serviceable_urls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "serviceable_urls_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"website_id" uuid NOT NULL,
	"url" text NOT NULL,
	"source" text NOT NULL,
	"in_sitemap" boolean DEFAULT false NOT NULL,
	"depth" integer,
	"crawl_state" text DEFAULT 'pending' NOT NULL,
	"taken_at" timestamp with time zone,
	"status_code" integer,
	"final_url" text,
	"redirects" jsonb,
	"redirect_to" text,
	"error" text,
	"blocked_by_robots" boolean DEFAULT false NOT NULL,
	"score" integer,
	"passed" integer,
	"warning" integer,
	"failed" integer,
	"browser" boolean DEFAULT false NOT NULL,
	"title" text,
	"description" text,
	"h1" text,
	"canonical" text,
	"noindex" boolean,
	"hreflang" jsonb,
	"content_hash" text,
	"simhash" text,
	"words" integer,
	"inlinks" integer DEFAULT 0 NOT NULL,
	"analysed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_check_results" (
	"website_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"check_key" text NOT NULL,
	"status" text NOT NULL,
	"relevance" smallint NOT NULL,
	"message" text NOT NULL,
	"data" jsonb NOT NULL,
	"base" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_check_results_website_id_origin_check_key_pk" PRIMARY KEY("website_id","origin","check_key")
);
--> statement-breakpoint
CREATE TABLE "url_check_results" (
	"url_id" uuid NOT NULL,
	"website_id" uuid NOT NULL,
	"check_key" text NOT NULL,
	"status" text NOT NULL,
	"relevance" smallint NOT NULL,
	"message" text NOT NULL,
	"data" jsonb NOT NULL,
	"base" jsonb,
	CONSTRAINT "url_check_results_url_id_check_key_pk" PRIMARY KEY("url_id","check_key")
);
--> statement-breakpoint
CREATE TABLE "url_links" (
	"from_id" uuid NOT NULL,
	"website_id" uuid NOT NULL,
	"to_url" text NOT NULL,
	"anchor" text NOT NULL,
	"nofollow" boolean DEFAULT false NOT NULL,
	CONSTRAINT "url_links_from_id_to_url_pk" PRIMARY KEY("from_id","to_url")
);
--> statement-breakpoint
ALTER TABLE "analysis_processes" ADD CONSTRAINT "analysis_processes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_processes" ADD CONSTRAINT "analysis_processes_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serviceable_urls" ADD CONSTRAINT "serviceable_urls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serviceable_urls" ADD CONSTRAINT "serviceable_urls_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_check_results" ADD CONSTRAINT "site_check_results_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_check_results" ADD CONSTRAINT "url_check_results_url_id_serviceable_urls_id_fk" FOREIGN KEY ("url_id") REFERENCES "public"."serviceable_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_check_results" ADD CONSTRAINT "url_check_results_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_links" ADD CONSTRAINT "url_links_from_id_serviceable_urls_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."serviceable_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_links" ADD CONSTRAINT "url_links_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_processes_website_idx" ON "analysis_processes" USING btree ("website_id","status","type");--> statement-breakpoint
CREATE INDEX "analysis_processes_organization_idx" ON "analysis_processes" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "serviceable_urls_website_url_unique" ON "serviceable_urls" USING btree ("website_id","url");--> statement-breakpoint
CREATE INDEX "serviceable_urls_crawl_idx" ON "serviceable_urls" USING btree ("website_id","crawl_state","depth");--> statement-breakpoint
CREATE INDEX "serviceable_urls_page_idx" ON "serviceable_urls" USING btree ("website_id","seq");--> statement-breakpoint
CREATE INDEX "serviceable_urls_organization_idx" ON "serviceable_urls" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "url_check_results_check_idx" ON "url_check_results" USING btree ("website_id","check_key","status");--> statement-breakpoint
CREATE INDEX "url_links_target_idx" ON "url_links" USING btree ("website_id","to_url");