CREATE TABLE "sitemap_feeds" (
	"website_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sitemap_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "sitemap_files" (
	"run_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"entries" integer NOT NULL,
	"is_index" boolean NOT NULL,
	CONSTRAINT "sitemap_files_run_id_name_pk" PRIMARY KEY("run_id","name")
);
--> statement-breakpoint
CREATE TABLE "tool_link_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tool_link_targets_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" uuid NOT NULL,
	"url" text NOT NULL,
	"internal" boolean NOT NULL,
	"check_state" text DEFAULT 'pending' NOT NULL,
	"kind" text,
	"status" integer,
	"reason" text,
	"chain" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"anchor" text DEFAULT '' NOT NULL,
	"found_on" text,
	"found_on_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_run_links" (
	"from_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"to_url" text NOT NULL,
	"anchor" text NOT NULL,
	"internal" boolean NOT NULL,
	CONSTRAINT "tool_run_links_from_id_to_url_pk" PRIMARY KEY("from_id","to_url")
);
--> statement-breakpoint
CREATE TABLE "tool_run_urls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tool_run_urls_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" uuid NOT NULL,
	"url" text NOT NULL,
	"depth" integer,
	"crawl_state" text DEFAULT 'pending' NOT NULL,
	"status_code" integer,
	"final_url" text,
	"redirects" jsonb,
	"error" text,
	"blocked_by_robots" boolean DEFAULT false NOT NULL,
	"content_type" text,
	"noindex" boolean,
	"canonical" text,
	"lastmod" text,
	"images" jsonb,
	"exclusion" text
);
--> statement-breakpoint
CREATE TABLE "tool_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"website_id" uuid,
	"tool" text NOT NULL,
	"start_url" text NOT NULL,
	"host" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"phase" text DEFAULT 'queued' NOT NULL,
	"pages_limit" integer NOT NULL,
	"capped" boolean DEFAULT false NOT NULL,
	"job_id" text,
	"heartbeat_at" timestamp with time zone,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sitemap_feeds" ADD CONSTRAINT "sitemap_feeds_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitemap_files" ADD CONSTRAINT "sitemap_files_run_id_tool_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."tool_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_link_targets" ADD CONSTRAINT "tool_link_targets_run_id_tool_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."tool_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_run_links" ADD CONSTRAINT "tool_run_links_from_id_tool_run_urls_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."tool_run_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_run_links" ADD CONSTRAINT "tool_run_links_run_id_tool_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."tool_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_run_urls" ADD CONSTRAINT "tool_run_urls_run_id_tool_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."tool_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tool_link_targets_url_idx" ON "tool_link_targets" USING btree ("run_id","url");--> statement-breakpoint
CREATE INDEX "tool_link_targets_kind_idx" ON "tool_link_targets" USING btree ("run_id","kind","seq");--> statement-breakpoint
CREATE INDEX "tool_run_links_target_idx" ON "tool_run_links" USING btree ("run_id","to_url");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_run_urls_url_idx" ON "tool_run_urls" USING btree ("run_id","url");--> statement-breakpoint
CREATE INDEX "tool_run_urls_claim_idx" ON "tool_run_urls" USING btree ("run_id","crawl_state","depth","seq");--> statement-breakpoint
CREATE INDEX "tool_runs_organization_idx" ON "tool_runs" USING btree ("organization_id","tool","created_at");--> statement-breakpoint
CREATE INDEX "tool_runs_website_idx" ON "tool_runs" USING btree ("website_id","tool","status");