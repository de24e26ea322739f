ALTER TABLE "probes" ADD COLUMN "region" text;--> statement-breakpoint
UPDATE "probes" SET "region" = "regions"[1];--> statement-breakpoint
DELETE FROM "probes" WHERE "region" IS NULL;--> statement-breakpoint
ALTER TABLE "probes" ALTER COLUMN "region" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "probes" DROP COLUMN "regions";--> statement-breakpoint
ALTER TABLE "probes" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "probes" ADD COLUMN "beat_ms" integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "probes" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "probes_region_idx" ON "probes" USING btree ("region","beat_at");
