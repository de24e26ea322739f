CREATE TABLE "white_label_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"website_id" uuid NOT NULL,
	"template_id" uuid,
	"recipient" text NOT NULL,
	"frequency" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "white_label_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"period" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"report_id" uuid,
	"attempts" integer DEFAULT 1 NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "white_label_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"url" text NOT NULL,
	"template_id" uuid,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "white_label_schedules" ADD CONSTRAINT "white_label_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_schedules" ADD CONSTRAINT "white_label_schedules_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_schedules" ADD CONSTRAINT "white_label_schedules_template_id_white_label_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."white_label_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_schedules" ADD CONSTRAINT "white_label_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_sends" ADD CONSTRAINT "white_label_sends_schedule_id_white_label_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."white_label_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_sends" ADD CONSTRAINT "white_label_sends_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_shares" ADD CONSTRAINT "white_label_shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_shares" ADD CONSTRAINT "white_label_shares_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_shares" ADD CONSTRAINT "white_label_shares_template_id_white_label_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."white_label_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_shares" ADD CONSTRAINT "white_label_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "white_label_schedules_organization_idx" ON "white_label_schedules" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "white_label_sends_schedule_period_unique" ON "white_label_sends" USING btree ("schedule_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "white_label_shares_token_unique" ON "white_label_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "white_label_shares_organization_idx" ON "white_label_shares" USING btree ("organization_id");