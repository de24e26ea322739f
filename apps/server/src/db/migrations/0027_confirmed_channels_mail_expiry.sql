ALTER TABLE "notification_channels" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_channels" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_channels" ADD CONSTRAINT "notification_channels_confirmTokenHash_unique" UNIQUE("confirm_token_hash");--> statement-breakpoint
-- Channels added before confirmation existed keep receiving what they received.
UPDATE "notification_channels" SET "confirmed_at" = "created_at";
