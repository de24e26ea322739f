CREATE TABLE "white_label_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"header" text DEFAULT '' NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"logo_key" uuid,
	"logo_png" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "white_label_templates" ADD CONSTRAINT "white_label_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "white_label_templates_organization_idx" ON "white_label_templates" USING btree ("organization_id","updated_at");