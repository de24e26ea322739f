-- URLs are indexed by their md5: a btree entry holds at most about 2,700 bytes, and a URL (a crawled
-- page's above all) has no such bound, so a long one failed its row's insert.
DROP INDEX "report_targets_report_url_unique";--> statement-breakpoint
DROP INDEX "reports_organization_url_idx";--> statement-breakpoint
DROP INDEX "serviceable_urls_website_url_unique";--> statement-breakpoint
DROP INDEX "url_external_links_target_idx";--> statement-breakpoint
DROP INDEX "url_links_target_idx";--> statement-breakpoint
DROP INDEX "tool_link_targets_url_idx";--> statement-breakpoint
DROP INDEX "tool_run_links_target_idx";--> statement-breakpoint
DROP INDEX "tool_run_urls_url_idx";--> statement-breakpoint
ALTER TABLE "crawl_issues" DROP CONSTRAINT "crawl_issues_snapshot_id_check_key_url_pk";--> statement-breakpoint
ALTER TABLE "external_link_answers" DROP CONSTRAINT "external_link_answers_website_id_url_pk";--> statement-breakpoint
ALTER TABLE "url_external_links" DROP CONSTRAINT "url_external_links_from_id_to_url_pk";--> statement-breakpoint
ALTER TABLE "url_links" DROP CONSTRAINT "url_links_from_id_to_url_pk";--> statement-breakpoint
ALTER TABLE "tool_run_links" DROP CONSTRAINT "tool_run_links_from_id_to_url_pk";--> statement-breakpoint
CREATE UNIQUE INDEX "crawl_issues_snapshot_check_url_unique" ON "crawl_issues" USING btree ("snapshot_id","check_key",md5("url"));--> statement-breakpoint
CREATE UNIQUE INDEX "external_link_answers_website_url_unique" ON "external_link_answers" USING btree ("website_id",md5("url"));--> statement-breakpoint
CREATE UNIQUE INDEX "url_external_links_from_to_unique" ON "url_external_links" USING btree ("from_id",md5("to_url"));--> statement-breakpoint
CREATE UNIQUE INDEX "url_links_from_to_unique" ON "url_links" USING btree ("from_id",md5("to_url"));--> statement-breakpoint
CREATE UNIQUE INDEX "tool_run_links_from_to_unique" ON "tool_run_links" USING btree ("from_id",md5("to_url"));--> statement-breakpoint
CREATE UNIQUE INDEX "report_targets_report_url_unique" ON "report_targets" USING btree ("report_id",md5("url"));--> statement-breakpoint
CREATE INDEX "reports_organization_url_idx" ON "reports" USING btree ("organization_id",md5("url"));--> statement-breakpoint
CREATE UNIQUE INDEX "serviceable_urls_website_url_unique" ON "serviceable_urls" USING btree ("website_id",md5("url"));--> statement-breakpoint
CREATE INDEX "url_external_links_target_idx" ON "url_external_links" USING btree ("website_id",md5("to_url"));--> statement-breakpoint
CREATE INDEX "url_links_target_idx" ON "url_links" USING btree ("website_id",md5("to_url"));--> statement-breakpoint
CREATE UNIQUE INDEX "tool_link_targets_url_idx" ON "tool_link_targets" USING btree ("run_id",md5("url"));--> statement-breakpoint
CREATE INDEX "tool_run_links_target_idx" ON "tool_run_links" USING btree ("run_id",md5("to_url"));--> statement-breakpoint
CREATE UNIQUE INDEX "tool_run_urls_url_idx" ON "tool_run_urls" USING btree ("run_id",md5("url"));