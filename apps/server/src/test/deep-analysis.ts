import { type CrawlSite, type CrawlSitePage, startCrawlSite } from '@sitelens/engine/testing/crawl-site';
import pino from 'pino';
import { expect } from 'vitest';
import { deepAnalysisJob } from '../modules/deep-analysis/jobs';
import type { Account, TestApp } from './app';

const logger = pino({ level: 'silent' });

/** Calls and jobs of Deep Analysis as its API tests drive them. */
export function deepAnalysisDriver(t: () => TestApp) {
  const api = (
    account: Account,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t().app.inject({
      method,
      url: `/api${url}`,
      headers: account.auth,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** A tracked website of the account (`{name}.example.com`), crawled without Chromium unless asked. */
  async function website(account: Account, name: string, browserSample = 0): Promise<string> {
    const created = await api(account, 'POST', '/website-index', {
      domain: `${name}.example.com`,
      homepage_url: `http://${name}.example.com/`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const guid = created.json().guid as string;
    const patched = await api(account, 'PATCH', `/website-index/settings/${guid}`, {
      crawl: { follow_links: true, browser_sample: browserSample, urls_per_second: null },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    return guid;
  }

  /** Runs every process the website has queued, as a worker would, until none is left running. */
  async function runProcesses(websiteId: string): Promise<void> {
    for (let round = 0; round < 5; round++) {
      const running = await t().database.query<{ id: string }>(
        `select id from analysis_processes where website_id = $1 and status = 'running' order by created_at`,
        [websiteId],
      );
      if (running.length === 0) return;
      for (const { id } of running)
        await deepAnalysisJob.handler(
          { processId: id },
          { database: t().database, queue: t().queue, logger, jobId: `test-${id}` },
        );
    }
  }

  return { api, website, runProcesses };
}

/** A sitemap of the site's `paths`, as a fixture site serves it. */
export const sitemapPage = (paths: readonly string[]): CrawlSitePage => ({
  headers: { 'content-type': 'application/xml' },
  body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((path) => `<url><loc>{{origin}}${path}</loc></url>`)
    .join('')}</urlset>`,
});

/** robots.txt allowing everything and naming the sitemap. */
export const robotsPage: CrawlSitePage = {
  headers: { 'content-type': 'text/plain' },
  body: 'User-agent: *\nSitemap: {{origin}}/sitemap.xml\n',
};

/**
 * Serves fixture sites as `http://{name}.example.com` (through FETCH_CONNECT_TO, so the crawl
 * reaches them by name); `close` stops them and puts FETCH_CONNECT_TO back.
 */
export async function serveSites(
  routesByName: Record<string, Parameters<typeof startCrawlSite>[0]>,
): Promise<{ sites: Record<string, CrawlSite>; close(): Promise<void> }> {
  const sites: Record<string, CrawlSite> = {};
  for (const [name, routes] of Object.entries(routesByName))
    sites[name] = await startCrawlSite(routes, { publicOrigin: `http://${name}.example.com` });
  const previous = process.env.FETCH_CONNECT_TO;
  process.env.FETCH_CONNECT_TO = Object.entries(sites)
    .map(([name, site]) => `${name}.example.com:80:127.0.0.1:${site.port}`)
    .join(',');
  return {
    sites,
    async close() {
      for (const site of Object.values(sites)) await site.close();
      if (previous === undefined) delete process.env.FETCH_CONNECT_TO;
      else process.env.FETCH_CONNECT_TO = previous;
    },
  };
}
