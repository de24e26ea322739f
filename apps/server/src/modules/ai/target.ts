import type { WebsiteSettings } from '@sitelens/contracts';
import type { EngineFetch } from '@sitelens/engine';
import type { QueryFn } from '../../db/client';
import type { SitePage } from './page-signals';
import { fetchPage, fetchPages, keyPageUrls, MAX_COMPETITORS } from './site-pages';

/** The tracked website an analysis is about, with what the analyses use of it. */
export interface AnalysisTarget {
  organizationId: string;
  websiteId: string;
  domain: string;
  homepageUrl: string;
  /** Competitors' homepage URLs from the website's settings. */
  competitors: string[];
  keywords: string[];
  locationName: string;
  languageCode: string;
}

/** An analysis that cannot be made; its message is shown to the user as the analysis's error. */
export class AnalysisFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisFailed';
  }
}

/** How an analysis reads pages: always through the guarded fetcher. */
export interface PageReader {
  page(url: string): Promise<SitePage | null>;
  pages(urls: string[]): Promise<SitePage[]>;
  keyPages(homepage: SitePage): Promise<string[]>;
}

export function createPageReader(fetch: EngineFetch, query: QueryFn, websiteId: string): PageReader {
  return {
    page: (url) => fetchPage(fetch, url),
    pages: (urls) => fetchPages(fetch, urls),
    keyPages: (homepage) => keyPageUrls(query, websiteId, homepage),
  };
}

/** The analysis's website, its competitors and keywords, read in the analysis's organization. */
export async function targetOf(
  query: QueryFn,
  organizationId: string,
  websiteId: string,
): Promise<AnalysisTarget> {
  const [website] = await query<{ domain: string; homepage_url: string; settings: WebsiteSettings }>(
    'select domain, homepage_url, settings from websites where id = $1 and organization_id = $2',
    [websiteId, organizationId],
  );
  if (!website) throw new AnalysisFailed('The website is no longer tracked');
  const keywords = await query<{ keyword: string }>(
    'select keyword from website_keywords where website_id = $1 order by position, keyword limit 50',
    [websiteId],
  );
  return {
    organizationId,
    websiteId,
    domain: website.domain,
    homepageUrl: website.homepage_url,
    competitors: (website.settings.competitors ?? []).slice(0, MAX_COMPETITORS),
    keywords: [...new Set(keywords.map((row) => row.keyword))],
    locationName: website.settings.location_name,
    languageCode: website.settings.language_code,
  };
}
