ALTER TABLE "serviceable_urls" ADD COLUMN "file_type" text;--> statement-breakpoint
ALTER TABLE "serviceable_urls" ADD COLUMN "file_bytes" bigint;