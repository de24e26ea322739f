CREATE TABLE "domain_setups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"domain" text NOT NULL,
	"website_id" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"output" jsonb,
	"sitemap_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"user_id" uuid NOT NULL,
	"website_id" uuid,
	"event_type" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_favicons" (
	"website_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text,
	"body" "bytea",
	"source_url" text,
	"bytes" integer DEFAULT 0 NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_keywords" (
	"website_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"keyword" text NOT NULL,
	"location_name" text NOT NULL,
	"language_code" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"homepage_url" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"error" text,
	"settings" jsonb NOT NULL,
	"sitemap_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"import_sitemaps_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "website_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "domain_setups" ADD CONSTRAINT "domain_setups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_setups" ADD CONSTRAINT "domain_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_setups" ADD CONSTRAINT "domain_setups_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_events" ADD CONSTRAINT "product_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_events" ADD CONSTRAINT "product_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_events" ADD CONSTRAINT "product_events_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_favicons" ADD CONSTRAINT "website_favicons_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_keywords" ADD CONSTRAINT "website_keywords_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_keywords" ADD CONSTRAINT "website_keywords_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_setups_organization_domain_idx" ON "domain_setups" USING btree ("organization_id","domain","created_at");--> statement-breakpoint
CREATE INDEX "domain_setups_website_id_idx" ON "domain_setups" USING btree ("website_id");--> statement-breakpoint
CREATE INDEX "domain_setups_user_id_idx" ON "domain_setups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "product_events_organization_idx" ON "product_events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "product_events_user_idx" ON "product_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "product_events_website_idx" ON "product_events" USING btree ("website_id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_keywords_unique" ON "website_keywords" USING btree ("website_id","keyword","location_name","language_code");--> statement-breakpoint
CREATE INDEX "website_keywords_organization_idx" ON "website_keywords" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "websites_organization_domain_unique" ON "websites" USING btree ("organization_id","domain");--> statement-breakpoint
CREATE INDEX "websites_organization_created_idx" ON "websites" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_website_id_idx" ON "reports" USING btree ("website_id");