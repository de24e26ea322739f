CREATE TABLE "seo_data_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"operation" text NOT NULL,
	"params" jsonb NOT NULL,
	"value" jsonb NOT NULL,
	"cost_usd" numeric(12, 6) NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_data_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"operation" text NOT NULL,
	"status" text NOT NULL,
	"from_cache" boolean DEFAULT false NOT NULL,
	"cost_usd" numeric(12, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "seo_data_calls" ADD CONSTRAINT "seo_data_calls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seo_data_cache_expires_idx" ON "seo_data_cache" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "seo_data_calls_organization_idx" ON "seo_data_calls" USING btree ("organization_id","created_at");