import { DEFAULT_MARKET, normaliseDomain } from '@sitelens/contracts';
import { type Artifacts, ArtifactUnavailable } from '@sitelens/engine';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { SeoData } from '../../providers/seo-data';
import { listBacklinks, summaryOf } from '../backlinks/service';
import { competitors, topKeywords } from './service';

// The checkup's provider checks (backlinks, competitor domains, related keywords) read the same
// metered answers as the Backlinks and Top Keywords screens, charged to the report's organization.

type SeoDataArtifact = Artifacts['seoData'];

/** The market a page is read in: its tracked website's, else the default (United States, en). */
async function marketFor(database: Database, organizationId: string, domain: string) {
  const [row] = await database.query<{ location_name: string; language_code: string }>(
    `select settings->>'location_name' as location_name, settings->>'language_code' as language_code
       from websites where organization_id = $1 and domain = $2`,
    [organizationId, domain],
  );
  return row?.location_name && row.language_code
    ? { location: row.location_name, language: row.language_code }
    : { location: DEFAULT_MARKET.location_name, language: DEFAULT_MARKET.language_code };
}

const samePage = (a: string, b: string) => {
  const key = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.hostname.replace(/^www\./, '')}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`;
  };
  try {
    return key(a) === key(b);
  } catch {
    return false;
  }
};

/**
 * The engine's `seoData` provider for one organization's checkups: the page's domain's backlinks
 * (the most important first), its competitors, and the queries the page itself ranks for among
 * the domain's top 100 by traffic. A lookup the budget or the provider refuses leaves the three
 * checks unavailable with the reason, never with made-up numbers.
 */
export function checkupSeoData(database: Database, seoData: SeoData, organizationId: string) {
  return async (url: string): Promise<SeoDataArtifact> => {
    const found = normaliseDomain(url);
    if (!found.ok) throw new ArtifactUnavailable('The page has no domain the data provider can look up.');
    const domain = found.domain;
    try {
      const market = await marketFor(database, organizationId, domain);
      const [links, rivals, keywords] = await Promise.all([
        listBacklinks(seoData, organizationId, {
          domain,
          order_by: 'page_rank',
          order_dir: 'desc',
          offset: 0,
        }),
        competitors(seoData, organizationId, {
          domain,
          location_name: market.location,
          language_code: market.language,
        }),
        topKeywords(seoData, organizationId, { domain, ...market, order_by: 'traffic', order_dir: 'desc' }),
      ]);
      const summary = await summaryOf(seoData, organizationId, domain);
      return {
        relatedKeywords: keywords.data
          .filter((row) => samePage(row.url, url))
          .map((row) => ({ keyword: row.phrase, position: row.pos, volume: row.vol, cpc: row.cpc })),
        competitorDomains: rivals.competitors.map((rival) => ({
          domain: rival.domain,
          common_keywords: rival.intersections,
          authority: null,
        })),
        backlinks: links.data.map((link) => ({
          source: link.url_from,
          anchor: link.anchor ?? '',
          rel: link.dofollow ? 'dofollow' : 'nofollow',
        })),
        referringDomains: summary.value.referringDomains,
        nofollowShare:
          summary.value.backlinks > 0 ? summary.value.nofollowBacklinks / summary.value.backlinks : 0,
      };
    } catch (error) {
      if (error instanceof AppError) throw new ArtifactUnavailable(error.message);
      throw error;
    }
  };
}
