CREATE TABLE "pass_rates" (
	"section_key" text NOT NULL,
	"rate" real NOT NULL,
	"sites" integer NOT NULL,
	"measured_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sections" (
	"target_id" uuid NOT NULL,
	"section_key" text NOT NULL,
	"status" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_snapshots" (
	"target_id" uuid PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"url" text NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"error" text,
	"final_url" text,
	"overview" jsonb,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"url" text NOT NULL,
	"sections" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"error" text,
	"saved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_sections" ADD CONSTRAINT "report_sections_target_id_report_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."report_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_snapshots" ADD CONSTRAINT "report_snapshots_target_id_report_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."report_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_targets" ADD CONSTRAINT "report_targets_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pass_rates_section_measured_unique" ON "pass_rates" USING btree ("section_key","measured_on");--> statement-breakpoint
CREATE UNIQUE INDEX "report_sections_target_section_unique" ON "report_sections" USING btree ("target_id","section_key");--> statement-breakpoint
CREATE UNIQUE INDEX "report_targets_report_url_unique" ON "report_targets" USING btree ("report_id","url");--> statement-breakpoint
CREATE INDEX "reports_organization_created_idx" ON "reports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_organization_url_idx" ON "reports" USING btree ("organization_id","url");--> statement-breakpoint
CREATE INDEX "reports_user_id_idx" ON "reports" USING btree ("user_id");