import {
  DEFAULT_MARKET,
  DEFAULT_REGION,
  type DomainSetupOutput,
  WEBSITE_MESSAGES,
} from '@sitelens/contracts';
import { discoverSite, SiteUnreachableError } from '@sitelens/engine';
import type { Logger } from 'pino';
import { z } from 'zod';
import { loadConfig } from '../../config';
import { defineJob } from '../../jobs/define-job';
import { guardedFetcherFor } from '../../platform/fetcher';
import { createSeoDataFromConfig } from '../../providers/seo-data';
import { competitors, topKeywords } from '../keywords/service';
import { marketOf } from './market';

/** The wizard shows the first 10 suggested keywords (dashboard document 2). */
const SUGGESTED_KEYWORDS = 10;

/**
 * The domain's competitors and top keywords by traffic in its market, from the data source when
 * one is configured; a failed lookup leaves them empty (the user can type their own) and is logged.
 */
async function suggestFromDataSource(
  seoData: ReturnType<typeof createSeoDataFromConfig>,
  organizationId: string,
  domain: string,
  market: { location_name: string; language_code: string },
  logger: Logger,
): Promise<Partial<Pick<DomainSetupOutput, 'competitors' | 'top_keywords'>>> {
  if (!seoData.provider) return {};
  const found: Partial<Pick<DomainSetupOutput, 'competitors' | 'top_keywords'>> = {};
  try {
    const rivals = await competitors(seoData, organizationId, { domain, ...market });
    found.competitors = rivals.competitors.map((rival) => ({ domain: rival.domain }));
  } catch (error) {
    logger.warn({ domain, reason: (error as Error).message }, 'domain setup: competitors lookup failed');
  }
  try {
    const keywords = await topKeywords(seoData, organizationId, {
      domain,
      location: market.location_name,
      language: market.language_code,
      order_by: 'traffic',
      order_dir: 'desc',
    });
    found.top_keywords = keywords.data.slice(0, SUGGESTED_KEYWORDS).map((row) => row.phrase);
  } catch (error) {
    logger.warn({ domain, reason: (error as Error).message }, 'domain setup: top keywords lookup failed');
  }
  return found;
}

interface SetupRow {
  organization_id: string;
  domain: string;
  status: 'running' | 'completed';
  website_id: string | null;
}

/**
 * The domain setup (spec: Domain setup process): finds the homepage (http/https, www or not),
 * its sitemaps and its search market through the guarded fetcher. Competitors and top keywords
 * need an SEO data provider, so they stay empty until one is configured. Idempotent: a setup
 * already completed is left as it is, and every write is conditional on the running state.
 */
export const domainSetupJob = defineJob(
  'websites.domain-setup',
  z.object({
    setupId: z.uuid(),
    /** A background setup whose form named a market keeps it instead of the one read from the site. */
    keepMarket: z.boolean().default(false),
  }),
  async ({ setupId, keepMarket }, { database, logger }) => {
    const [setup] = await database.query<SetupRow>(
      'select organization_id, domain, status, website_id from domain_setups where id = $1',
      [setupId],
    );
    if (setup?.status !== 'running') return;

    // The region is the spec's default; competitors and keywords come from the data source, if any.
    const config = loadConfig();
    const suggestions = { competitors: [], top_keywords: [], uptime_monitoring_regions: [DEFAULT_REGION] };
    let output: DomainSetupOutput;
    let sitemaps: string[] = [];
    try {
      const site = await discoverSite(setup.domain, { fetcher: guardedFetcherFor(config) });
      const market = marketOf(setup.domain, site);
      sitemaps = site.sitemapUrls;
      const seoData = createSeoDataFromConfig(config, database, logger);
      output = {
        homepage_url: site.homepageUrl,
        ...suggestions,
        ...(await suggestFromDataSource(seoData, setup.organization_id, setup.domain, market, logger)),
        search_engine_market: { sem_language_code: market.language_code, sem_location: market.location_name },
        error: null,
      };
    } catch (error) {
      if (!(error instanceof SiteUnreachableError)) throw error;
      logger.info({ domain: setup.domain, reasons: error.reasons }, 'domain setup: site unreachable');
      output = {
        homepage_url: null,
        ...suggestions,
        search_engine_market: {
          sem_language_code: DEFAULT_MARKET.language_code,
          sem_location: DEFAULT_MARKET.location_name,
        },
        error: `${WEBSITE_MESSAGES.cannotAccess(setup.domain)} ${WEBSITE_MESSAGES.cannotAccessDetail}`,
      };
    }

    await database.transaction(async (query) => {
      const [done] = await query<{ id: string }>(
        `update domain_setups set status = 'completed', output = $2, sitemap_urls = $3, finished_at = now()
          where id = $1 and status = 'running' returning id`,
        [setupId, JSON.stringify(output), JSON.stringify(sitemaps)],
      );
      if (!done || !setup.website_id) return;
      if (output.error !== null) {
        // A site that cannot be reached leaves no website behind: the setup keeps the error, which
        // setup-status answers for the website's guid.
        await query(`delete from websites where id = $1 and status = 'setting_up'`, [setup.website_id]);
        return;
      }
      const market = keepMarket
        ? {}
        : {
            location_name: output.search_engine_market.sem_location,
            language_code: output.search_engine_market.sem_language_code,
          };
      await query(
        `update websites
            set status = 'new', homepage_url = $2, sitemap_urls = $3, settings = settings || $4::jsonb, updated_at = now()
          where id = $1 and status = 'setting_up'`,
        [setup.website_id, output.homepage_url, JSON.stringify(sitemaps), JSON.stringify(market)],
      );
    });
  },
  { retryLimit: 2, retryDelay: 5, expireInSeconds: 5 * 60 },
);
