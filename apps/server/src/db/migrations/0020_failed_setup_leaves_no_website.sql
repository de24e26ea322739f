ALTER TABLE "domain_setups" DROP CONSTRAINT "domain_setups_website_id_websites_id_fk";--> statement-breakpoint
-- A setup that could not reach its site no longer keeps its website: remove those kept before.
DELETE FROM "websites" WHERE "status" = 'failed';
