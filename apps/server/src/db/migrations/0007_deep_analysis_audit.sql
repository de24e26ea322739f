CREATE TABLE "crawl_issues" (
	"snapshot_id" uuid NOT NULL,
	"check_key" text NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "crawl_issues_snapshot_id_check_key_url_pk" PRIMARY KEY("snapshot_id","check_key","url")
);
--> statement-breakpoint
CREATE TABLE "crawl_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"process_id" uuid,
	"urls" integer NOT NULL,
	"analysed" integer NOT NULL,
	"score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "url_clusters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"website_id" uuid NOT NULL,
	"key" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"pue_level" text DEFAULT 'medium' NOT NULL,
	"pue_reason" text,
	"dismissed" boolean DEFAULT false NOT NULL,
	"screenshot" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "url_screenshots" (
	"url_id" uuid PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "url_check_results_check_idx";--> statement-breakpoint
ALTER TABLE "serviceable_urls" ADD COLUMN "cluster_id" uuid;--> statement-breakpoint
ALTER TABLE "serviceable_urls" ADD COLUMN "cluster_pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "serviceable_urls" ADD COLUMN "layout_hash" text;--> statement-breakpoint
ALTER TABLE "crawl_issues" ADD CONSTRAINT "crawl_issues_snapshot_id_crawl_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."crawl_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_snapshots" ADD CONSTRAINT "crawl_snapshots_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_clusters" ADD CONSTRAINT "url_clusters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_clusters" ADD CONSTRAINT "url_clusters_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_screenshots" ADD CONSTRAINT "url_screenshots_url_id_serviceable_urls_id_fk" FOREIGN KEY ("url_id") REFERENCES "public"."serviceable_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crawl_snapshots_website_idx" ON "crawl_snapshots" USING btree ("website_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "url_clusters_website_key_unique" ON "url_clusters" USING btree ("website_id","key");--> statement-breakpoint
CREATE INDEX "url_clusters_organization_idx" ON "url_clusters" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "serviceable_urls" ADD CONSTRAINT "serviceable_urls_cluster_id_url_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."url_clusters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "serviceable_urls_cluster_idx" ON "serviceable_urls" USING btree ("website_id","cluster_id","seq");--> statement-breakpoint
CREATE INDEX "url_check_results_check_idx" ON "url_check_results" USING btree ("website_id","check_key","status","url_id");