import {
  type CompetitorPosition,
  type Market,
  normaliseDomain,
  SERP_DEPTH,
  type TopDomainRow,
  type WebsiteSettings,
} from '@sitelens/contracts';
import { mapLimit } from '@sitelens/engine';
import type { Logger } from 'pino';
import { z } from 'zod';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { createSeoDataFromConfig, type SeoData } from '../../providers/seo-data';

// Position tracking: every tracked keyword gets one position a day, read from its market's first
// 100 organic results. A lookup that fails writes nothing (SerpBear #272: a failed lookup shown as
// "not ranked"); the keyword is tried again an hour later, with the reason kept for the screen.

export interface TrackingDeps {
  database: Database;
  seoData: SeoData;
  logger: Logger;
  /** The UTC hour from which a day's check is due (keywords never checked are due at once). */
  checkHour: number;
  /** Results lookups in flight at once (default 10). */
  concurrency?: number;
}

const BATCH = 50;
/** Results lookups in flight at once. */
const LOOKUPS_AT_ONCE = 10;
const RETRY_MINUTES = 60;
/** Search volume and CPC change slowly: read again after this many days. */
const METRICS_DAYS = 30;
/** Google Ads takes up to 1,000 keywords a task. */
const METRICS_BATCH = 1_000;

interface DueKeyword {
  website_id: string;
  organization_id: string;
  domain: string;
  settings: WebsiteSettings;
  keyword: string;
  location_name: string;
  language_code: string;
}

/** A host or URL as websites store their domain (lower case, no leading www.), or null. */
const domainOf = (hostOrUrl: string) => {
  const found = normaliseDomain(hostOrUrl);
  return found.ok ? found.domain : null;
};

function positionOf(items: TopDomainRow[], domain: string): { pos: number | null; url: string | null } {
  const hit = items.find((item) => domainOf(item.domain) === domain);
  return hit ? { pos: hit.position, url: hit.url } : { pos: null, url: null };
}

function competitorDomains(settings: WebsiteSettings): string[] {
  const domains = settings.competitors.map(domainOf).filter((domain) => domain !== null);
  return [...new Set(domains)];
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Checks every tracked keyword that has no position for today yet (from `checkHour` on, or at once
 * for one never checked), a batch at a time: one results lookup per keyword and market serves
 * every website tracking it. Safe to run twice at once or again after a kill: a day's slot is
 * written once.
 */
export async function refreshPositions(
  deps: TrackingDeps,
  now = new Date(),
): Promise<{ checked: number; failed: number }> {
  const { database, seoData } = deps;
  const day = today(now);
  const startOfDay = new Date(`${day}T00:00:00Z`);
  const dueToday = now.getUTCHours() >= deps.checkHour;
  let checked = 0;
  let failed = 0;
  for (;;) {
    const due = await database.query<DueKeyword>(
      `select wk.website_id, w.organization_id, w.domain, w.settings, wk.keyword, wk.location_name, wk.language_code
         from website_keywords wk join websites w on w.id = wk.website_id
        where (wk.retry_at is null or wk.retry_at <= $2)
          and not exists (select 1 from keyword_positions p
                           where p.website_id = wk.website_id and p.keyword = wk.keyword
                             and p.location_name = wk.location_name and p.language_code = wk.language_code
                             and (p.day = $1 or not $4))
        order by wk.keyword, wk.location_name, wk.language_code
        limit $3`,
      [day, now.toISOString(), BATCH, dueToday],
    );
    if (due.length === 0) break;
    const groups = new Map<string, DueKeyword[]>();
    for (const row of due) {
      const key = JSON.stringify([row.keyword, row.location_name, row.language_code]);
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    // Lookups overlap (a live results lookup takes seconds); the provider's token bucket paces them.
    await mapLimit([...groups.values()], deps.concurrency ?? LOOKUPS_AT_ONCE, async (rows) => {
      const first = rows[0]!;
      const market: Market = { location_name: first.location_name, language_code: first.language_code };
      try {
        const answer = await seoData.ask(
          first.organization_id,
          {
            operation: 'serp',
            params: { keyword: first.keyword, ...market, depth: SERP_DEPTH },
            rows: SERP_DEPTH,
            freshSince: startOfDay,
          },
          (provider) => provider.serp(first.keyword, market, SERP_DEPTH),
        );
        for (const row of rows) await recordPosition(database, row, day, answer.value);
        checked += rows.length;
      } catch (error) {
        const reason = (error as Error).message;
        deps.logger.warn(
          { keyword: first.keyword, ...market, reason },
          'keyword position lookup failed; retrying later',
        );
        for (const row of rows) {
          await database.query(
            `update website_keywords set retry_at = $5::timestamptz + make_interval(mins => ${RETRY_MINUTES}), last_error = $6
              where website_id = $1 and keyword = $2 and location_name = $3 and language_code = $4`,
            [row.website_id, row.keyword, row.location_name, row.language_code, now.toISOString(), reason],
          );
        }
        failed += rows.length;
      }
    });
  }
  await refreshMetrics(deps, now);
  return { checked, failed };
}

async function recordPosition(
  database: Database,
  row: DueKeyword,
  day: string,
  serp: { resultsCount: number | null; items: TopDomainRow[] },
): Promise<void> {
  const { pos, url } = positionOf(serp.items, row.domain);
  const competitors: CompetitorPosition[] = competitorDomains(row.settings)
    .filter((domain) => domain !== row.domain)
    .map((domain) => ({ domain, pos: positionOf(serp.items, domain).pos }));
  await database.transaction(async (query) => {
    await query(
      `insert into keyword_positions
         (website_id, keyword, location_name, language_code, day, pos, url, results_read, results_count, competitors)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict do nothing`,
      [
        row.website_id,
        row.keyword,
        row.location_name,
        row.language_code,
        day,
        pos,
        url,
        serp.items.length,
        serp.resultsCount,
        JSON.stringify(competitors),
      ],
    );
    await query(
      `update website_keywords set retry_at = null, last_error = null
        where website_id = $1 and keyword = $2 and location_name = $3 and language_code = $4`,
      [row.website_id, row.keyword, row.location_name, row.language_code],
    );
  });
}

/** Search volume and CPC of the keywords without fresh ones: one call per organization and market. */
async function refreshMetrics(deps: TrackingDeps, now: Date): Promise<void> {
  const stale = await deps.database.query<{
    organization_id: string;
    location_name: string;
    language_code: string;
    keywords: string[];
  }>(
    `select organization_id, location_name, language_code, array_agg(distinct keyword order by keyword) as keywords
       from website_keywords
      where metrics_at is null or metrics_at < $1::timestamptz - make_interval(days => ${METRICS_DAYS})
      group by organization_id, location_name, language_code`,
    [now.toISOString()],
  );
  for (const group of stale) {
    const market: Market = { location_name: group.location_name, language_code: group.language_code };
    for (let i = 0; i < group.keywords.length; i += METRICS_BATCH) {
      const keywords = group.keywords.slice(i, i + METRICS_BATCH);
      try {
        const answer = await deps.seoData.ask(
          group.organization_id,
          { operation: 'searchVolume', params: { keywords, ...market }, rows: keywords.length },
          (provider) => provider.searchVolume(keywords, market),
        );
        const byKeyword = new Map(answer.value.map((item) => [item.keyword.toLowerCase(), item]));
        for (const keyword of keywords) {
          const metrics = byKeyword.get(keyword.toLowerCase());
          await deps.database.query(
            `update website_keywords set search_volume = $5, cpc = $6, metrics_at = $7
              where organization_id = $1 and keyword = $2 and location_name = $3 and language_code = $4`,
            [
              group.organization_id,
              keyword,
              market.location_name,
              market.language_code,
              metrics?.vol ?? null,
              metrics?.cpc ?? null,
              now.toISOString(),
            ],
          );
        }
      } catch (error) {
        deps.logger.warn(
          { ...market, reason: (error as Error).message },
          'keyword metrics lookup failed; retrying later',
        );
      }
    }
  }
}

/**
 * Hourly, at once when keywords are added, and when the scheduler starts (keywords added while no
 * data source was configured are checked as soon as one is, at the restart that brings it): the
 * tracked keywords due a check.
 */
export const trackKeywordsJob = defineJob(
  'keywords.track',
  z.object({}),
  async (_payload, { database, logger }) => {
    const config = loadConfig();
    const seoData = createSeoDataFromConfig(config, database, logger);
    // Without a data source the keywords stay stored and unchecked; the screens say why.
    if (!seoData.provider) return;
    const result = await refreshPositions({
      database,
      seoData,
      logger,
      checkHour: config.KEYWORD_CHECK_HOUR_UTC,
    });
    if (result.checked > 0 || result.failed > 0) logger.info(result, 'tracked keywords checked');
  },
  { cron: '20 * * * *', atStart: true, retryLimit: 1, expireInSeconds: 30 * 60 },
);
