import {
  type AuditOverview,
  displayHost,
  displayUrl,
  impactOf,
  AUDIT_OVERVIEW_MESSAGES as TEXT,
} from '@sitelens/contracts';
import { checkMeta, normaliseUrl } from '@sitelens/engine';
import type { QueryFn } from '../../db/client';
import { AppError } from '../../errors';
import { failedChecks, URL_CHECK_KEYS } from './audit';
import { listGroups } from './clusters';
import { comparisonSummary } from './comparison';
import { type DeepAnalysisDeps, renderingOf, websiteOf } from './service';

/** Strengths and weaknesses shown, and page groups with their top issues (spec 9: 3 per card). */
const FINDINGS = 5;
const KEY_GROUPS = 6;
const GROUP_ISSUES = 3;
/** A check counts as a strength from this relevance up: the ones that matter. */
const STRENGTH_RELEVANCE = 5;

const titleOf = (key: string) => checkMeta.get(key)?.title ?? key;
const relevanceOf = (key: string) => checkMeta.get(key)?.relevance ?? 0;
const dateOf = (date: string) =>
  new Date(date).toLocaleDateString('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * `GET /api/on-page-seo/website-audit/overview/{w_guid}` (spec 2.4 "Audit overview"): the site's
 * score, what it does well and badly, its page groups with their top issues, and what changed
 * since the crawl before. Every sentence is built from the crawl's figures and says so
 * (`written_by: crawl`); nothing is estimated.
 */
export async function auditOverview(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
): Promise<AuditOverview> {
  const query = deps.database.query;
  const website = await websiteOf(query, organizationId, websiteId);
  const [counts] = await query<{
    monitored: number;
    analyzed: number;
    score: number | null;
    last: Date | null;
  }>(
    `select count(*)::int as monitored, count(analysed_at)::int as analyzed,
            round(avg(score))::int as score, max(analysed_at) as last
       from serviceable_urls where website_id = $1`,
    [websiteId],
  );
  const monitored = counts?.monitored ?? 0;
  const analyzed = counts?.analyzed ?? 0;
  const score = counts?.score ?? null;
  const origin = new URL(website.homepage_url).origin;
  const [failing, warningOnly, origins, strengths, groups, comparison, rendering, screenshot, failedCrawl] =
    await Promise.all([
      failedChecks(query, websiteId),
      warningOnlyChecks(query, websiteId),
      originResults(query, websiteId, origin),
      strongChecks(query, websiteId),
      listGroups(deps, organizationId, websiteId),
      comparisonSummary(query, websiteId),
      renderingOf(query, websiteId),
      homepageScreenshot(query, websiteId, website.homepage_url),
      failedCrawlOf(query, websiteId),
    ]);

  const weaknesses = [
    ...failing.map((check) => ({
      test_key: check.test_key,
      title: check.title,
      detail: TEXT.failsOn(check.affected_urls, analyzed),
      relevance: check.relevance,
      impact_score: check.impact_score,
      impact: check.impact,
    })),
    // A check of the whole site that fails weighs on every URL: its share is 1.
    ...origins
      .filter((row) => row.status === 'failed')
      .map((row) => ({
        test_key: row.check_key,
        title: titleOf(row.check_key),
        detail: TEXT.failsForSite(displayUrl(origin)),
        relevance: row.relevance,
        impact_score: row.relevance,
        impact: impactOf(row.relevance),
      })),
  ]
    .sort((a, b) => b.impact_score - a.impact_score || b.relevance - a.relevance)
    .slice(0, FINDINGS);

  const keyStrengths = [
    ...strengths.map((key) => ({
      test_key: key,
      title: titleOf(key),
      detail: TEXT.passesEverywhere(analyzed),
      relevance: relevanceOf(key),
    })),
    ...origins
      .filter((row) => row.status === 'passed' && row.relevance >= STRENGTH_RELEVANCE)
      .map((row) => ({
        test_key: row.check_key,
        title: titleOf(row.check_key),
        detail: TEXT.passesForSite(displayUrl(origin)),
        relevance: row.relevance,
      })),
  ]
    .sort((a, b) => b.relevance - a.relevance || a.title.localeCompare(b.title))
    .slice(0, FINDINGS);

  const keyGroups = await Promise.all(
    groups.slice(0, KEY_GROUPS).map(async (group) => ({
      guid: group.guid,
      title: group.title,
      description: group.description,
      monitored_urls: group.monitored_urls,
      avg_seo_score: group.avg_seo_score,
      top_issues: (await failedChecks(query, websiteId, group.guid)).slice(0, GROUP_ISSUES).map((check) => ({
        test_key: check.test_key,
        title: check.title,
        affected_urls: check.affected_urls,
      })),
    })),
  );
  const grouped = groups.reduce((sum, group) => sum + group.monitored_urls, 0);

  const summary =
    score === null
      ? TEXT.noData
      : [
          TEXT.analysed(displayHost(website.domain), analyzed, monitored, score, TEXT.scoreBand(score)),
          failing[0]
            ? TEXT.failing(failing.length, warningOnly, failing[0].title, failing[0].affected_urls)
            : TEXT.nothingFailing,
          comparison.previous
            ? TEXT.sincePrevious(
                dateOf(comparison.previous.c_at),
                comparison.summary.fixed,
                comparison.summary.new,
                comparison.summary.still_open,
              )
            : '',
          rendering.message ?? '',
        ]
          .filter(Boolean)
          .join(' ');

  return {
    w_guid: website.id,
    domain: website.domain,
    favicon_url: `/api/website-index/favicon/${website.id}`,
    screenshot_url: screenshot ? `/api/on-page-seo/website-audit/screenshot/${website.id}` : null,
    written_by: 'crawl',
    c_at: counts?.last ? new Date(counts.last).toISOString() : null,
    summary,
    overall_score: score,
    monitored_urls: monitored,
    analyzed_urls: analyzed,
    key_strengths: keyStrengths,
    key_weaknesses: weaknesses,
    page_group_insights: {
      content_overview:
        monitored === 0
          ? TEXT.noData
          : TEXT.groups(
              groups.length,
              groups.slice(0, KEY_GROUPS).map((g) => TEXT.group(g.title, g.monitored_urls, g.avg_seo_score)),
              monitored - grouped,
            ),
      key_page_groups: keyGroups,
    },
    comparison,
    rendering,
    failed_crawl: failedCrawl,
  };
}

/** The latest crawl of every URL, when it failed to reach the site (a later one that ran clears it). */
async function failedCrawlOf(query: QueryFn, websiteId: string): Promise<AuditOverview['failed_crawl']> {
  const [latest] = await query<{ status: string; error: string | null; created_at: Date }>(
    `select status, error, created_at from analysis_processes
      where website_id = $1 and type = 'on_page_seo_batch_url_analysis' and status <> 'running'
      order by created_at desc limit 1`,
    [websiteId],
  );
  return latest?.status === 'failed'
    ? { c_at: new Date(latest.created_at).toISOString(), error: latest.error ?? '' }
    : null;
}

/** The homepage origin's checks ([S]), judged once per crawl. */
function originResults(query: QueryFn, websiteId: string, origin: string) {
  return query<{ check_key: string; status: string; relevance: number }>(
    'select check_key, status, relevance from site_check_results where website_id = $1 and origin = $2',
    [websiteId, origin],
  );
}

/**
 * How many checks warn on some URL and fail on none: with the failing ones, the checks that have
 * open issues. Two probes of the failing-check index (website, check, status) per check, so the
 * overview of 50,000 URLs does not read their results.
 */
async function warningOnlyChecks(query: QueryFn, websiteId: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    `select count(*)::int as n from unnest($2::text[]) as k(key)
      where exists (select 1 from url_check_results where website_id = $1 and check_key = k.key and status = 'warning')
        and not exists (select 1 from url_check_results where website_id = $1 and check_key = k.key and status = 'failed')`,
    [websiteId, URL_CHECK_KEYS],
  );
  return row?.n ?? 0;
}

/**
 * Checks of some weight that pass on every URL they ran on: none of the website's results of the
 * check failed or warned.
 */
async function strongChecks(query: QueryFn, websiteId: string): Promise<string[]> {
  const rows = await query<{ check_key: string }>(
    `select check_key from url_check_results where website_id = $1 and relevance >= $2
      group by check_key
     having count(*) filter (where status = 'passed') > 0
        and count(*) filter (where status in ('failed', 'warning')) = 0`,
    [websiteId, STRENGTH_RELEVANCE],
  );
  return rows.map((row) => row.check_key);
}

/** Chromium's screenshot of the homepage from the latest crawl that rendered it, if any. */
async function homepageScreenshot(query: QueryFn, websiteId: string, homepageUrl: string) {
  const [row] = await query<{ png: Uint8Array }>(
    `select s.png from url_screenshots s join serviceable_urls u on u.id = s.url_id
      where u.website_id = $1 and md5(u.url) = md5($2) and u.url = $2`,
    [websiteId, normaliseUrl(homepageUrl) ?? homepageUrl],
  );
  return row ? Buffer.from(row.png) : null;
}

/** `GET /api/on-page-seo/website-audit/screenshot/{w_guid}`: the homepage's PNG. */
export async function overviewScreenshot(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
): Promise<Buffer> {
  const website = await websiteOf(deps.database.query, organizationId, websiteId);
  const png = await homepageScreenshot(deps.database.query, websiteId, website.homepage_url);
  if (!png) throw new AppError('not_found', TEXT.noData);
  return png;
}
