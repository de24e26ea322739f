CREATE TABLE "search_console_connections" (
	"website_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"property" text,
	"problem" text,
	"refresh_token" "bytea",
	"connected_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"import_requested_at" timestamp with time zone,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "search_console_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"clicks" bigint NOT NULL,
	"impressions" bigint NOT NULL,
	"position_sum" double precision NOT NULL,
	"provisional" boolean NOT NULL,
	"rows" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_console_days_website_id_day_pk" PRIMARY KEY("website_id","day")
);
--> statement-breakpoint
CREATE TABLE "search_console_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"website_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_verifier" "bytea" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_console_page_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"page_id" integer NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"position_sum" double precision NOT NULL,
	CONSTRAINT "search_console_page_days_website_id_day_page_id_pk" PRIMARY KEY("website_id","day","page_id")
);
--> statement-breakpoint
CREATE TABLE "search_console_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_console_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" uuid NOT NULL,
	"page" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_console_queries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_console_queries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"website_id" uuid NOT NULL,
	"query" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_console_query_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"query_id" integer NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"position_sum" double precision NOT NULL,
	CONSTRAINT "search_console_query_days_website_id_day_query_id_pk" PRIMARY KEY("website_id","day","query_id")
);
--> statement-breakpoint
CREATE TABLE "search_console_rows" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"query_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"country" text NOT NULL,
	"device" smallint NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"position" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_console_segment_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"country" text NOT NULL,
	"device" text NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"position_sum" double precision NOT NULL,
	CONSTRAINT "search_console_segment_days_website_id_day_country_device_pk" PRIMARY KEY("website_id","day","country","device")
);
--> statement-breakpoint
CREATE TABLE "search_console_summaries" (
	"website_id" uuid NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"ranking" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_console_summaries_website_id_start_day_end_day_pk" PRIMARY KEY("website_id","start_day","end_day")
);
--> statement-breakpoint
ALTER TABLE "search_console_connections" ADD CONSTRAINT "search_console_connections_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_connections" ADD CONSTRAINT "search_console_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_connections" ADD CONSTRAINT "search_console_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_days" ADD CONSTRAINT "search_console_days_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_oauth_states" ADD CONSTRAINT "search_console_oauth_states_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_oauth_states" ADD CONSTRAINT "search_console_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_pages" ADD CONSTRAINT "search_console_pages_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_queries" ADD CONSTRAINT "search_console_queries_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_summaries" ADD CONSTRAINT "search_console_summaries_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_console_connections_organization_idx" ON "search_console_connections" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "search_console_oauth_states_website_idx" ON "search_console_oauth_states" USING btree ("website_id");--> statement-breakpoint
CREATE INDEX "search_console_oauth_states_user_idx" ON "search_console_oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "search_console_oauth_states_expires_idx" ON "search_console_oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "search_console_pages_website_page_unique" ON "search_console_pages" USING btree ("website_id",md5("page"));--> statement-breakpoint
CREATE UNIQUE INDEX "search_console_queries_website_query_unique" ON "search_console_queries" USING btree ("website_id",md5("query"));--> statement-breakpoint
CREATE INDEX "search_console_rows_website_day_idx" ON "search_console_rows" USING btree ("website_id","day");--> statement-breakpoint
CREATE FUNCTION "search_console_forget_website"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "search_console_rows" WHERE "website_id" = OLD."id";
  DELETE FROM "search_console_query_days" WHERE "website_id" = OLD."id";
  DELETE FROM "search_console_page_days" WHERE "website_id" = OLD."id";
  DELETE FROM "search_console_segment_days" WHERE "website_id" = OLD."id";
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_console_forget_website" AFTER DELETE ON "websites"
  FOR EACH ROW EXECUTE FUNCTION "search_console_forget_website"();
