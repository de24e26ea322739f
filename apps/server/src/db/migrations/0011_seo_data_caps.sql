CREATE TABLE "seo_data_caps" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"monthly_cap_usd" numeric(12, 2),
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seo_data_caps" ADD CONSTRAINT "seo_data_caps_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;