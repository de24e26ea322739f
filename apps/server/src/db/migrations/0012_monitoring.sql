CREATE TABLE "monitor_results" (
	"website_id" uuid NOT NULL,
	"region" text NOT NULL,
	"check" text NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"probe_id" uuid NOT NULL,
	"ok" boolean NOT NULL,
	"value_ms" real,
	"status" integer,
	"bytes" integer,
	"error" text,
	CONSTRAINT "monitor_results_website_id_region_check_slot_at_pk" PRIMARY KEY("website_id","region","check","slot_at")
);
--> statement-breakpoint
CREATE TABLE "monitor_rollups" (
	"website_id" uuid NOT NULL,
	"region" text NOT NULL,
	"check" text NOT NULL,
	"period" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"checks" integer NOT NULL,
	"failures" integer NOT NULL,
	"min_ms" real,
	"max_ms" real,
	"avg_ms" real,
	"avg_bytes" real,
	CONSTRAINT "monitor_rollups_website_id_region_check_period_at_pk" PRIMARY KEY("website_id","region","check","period","at")
);
--> statement-breakpoint
CREATE TABLE "monitor_schedule" (
	"website_id" uuid NOT NULL,
	"region" text NOT NULL,
	"kind" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"url" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"leased_by" uuid,
	CONSTRAINT "monitor_schedule_website_id_region_kind_pk" PRIMARY KEY("website_id","region","kind")
);
--> statement-breakpoint
CREATE TABLE "outage_events" (
	"outage_id" uuid NOT NULL,
	"region" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"value" jsonb,
	"error" text,
	CONSTRAINT "outage_events_outage_id_region_type_created_at_pk" PRIMARY KEY("outage_id","region","type","created_at")
);
--> statement-breakpoint
CREATE TABLE "outages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"regions" text[] NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "probes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"regions" text[] NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checks_done" integer DEFAULT 0 NOT NULL,
	"late_ms_p99" integer
);
--> statement-breakpoint
ALTER TABLE "monitor_results" ADD CONSTRAINT "monitor_results_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_rollups" ADD CONSTRAINT "monitor_rollups_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_schedule" ADD CONSTRAINT "monitor_schedule_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_schedule" ADD CONSTRAINT "monitor_schedule_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_events" ADD CONSTRAINT "outage_events_outage_id_outages_id_fk" FOREIGN KEY ("outage_id") REFERENCES "public"."outages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outages" ADD CONSTRAINT "outages_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outages" ADD CONSTRAINT "outages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_results_checked_idx" ON "monitor_results" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "monitor_schedule_due_idx" ON "monitor_schedule" USING btree ("region","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outages_one_open_per_website" ON "outages" USING btree ("website_id") WHERE "outages"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "outages_website_started_idx" ON "outages" USING btree ("website_id","started_at");