CREATE TABLE "keyword_positions" (
	"website_id" uuid NOT NULL,
	"keyword" text NOT NULL,
	"location_name" text NOT NULL,
	"language_code" text NOT NULL,
	"day" date NOT NULL,
	"pos" integer,
	"url" text,
	"results_read" integer NOT NULL,
	"results_count" bigint,
	"competitors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_positions_website_id_keyword_location_name_language_code_day_pk" PRIMARY KEY("website_id","keyword","location_name","language_code","day")
);
--> statement-breakpoint
ALTER TABLE "website_keywords" ADD COLUMN "search_volume" integer;--> statement-breakpoint
ALTER TABLE "website_keywords" ADD COLUMN "cpc" double precision;--> statement-breakpoint
ALTER TABLE "website_keywords" ADD COLUMN "metrics_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "website_keywords" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "website_keywords" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "keyword_positions" ADD CONSTRAINT "keyword_positions_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;