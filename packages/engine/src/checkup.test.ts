import { describe, expect, it } from 'vitest';
import { PageUnreachableError, runCheckup } from './checkup';
import type { EngineFetch, FetchedResponse } from './gather/fetch-contract';

const SITE = 'https://woodline.example';
const PAGE = `<!doctype html><html lang="en"><head><title>Handmade oak tables – Woodline</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Oak tables</h1><p>Tables made by hand.</p></body></html>`;

/** A site in memory, answering like the guarded fetcher; unknown paths are 404, `down` rejects. */
function site(files: Record<string, { status?: number; body: string; type?: string }>, down: string[] = []) {
  const requested: string[] = [];
  const fetch: EngineFetch = async (url) => {
    requested.push(url);
    if (down.includes(new URL(url).pathname)) throw new Error('connect ECONNREFUSED');
    const file = files[new URL(url).pathname];
    const response: FetchedResponse = {
      requestedUrl: url,
      finalUrl: url,
      status: file?.status ?? (file ? 200 : 404),
      headers: { 'content-type': file?.type ?? 'text/html; charset=utf-8' },
      body: file?.body ?? 'Not found',
      bytes: (file?.body ?? 'Not found').length,
      transferBytes: null,
      truncated: false,
      redirects: [],
      timings: { total: 120, firstByte: 80 },
    };
    return response;
  };
  return { fetch, requested };
}

describe('runCheckup', () => {
  it('gathers each artifact once, runs every check and scores the report', async () => {
    const { fetch, requested } = site({
      '/': { body: PAGE },
      '/robots.txt': {
        body: 'User-agent: *\nAllow: /\nSitemap: https://woodline.example/sitemap.xml',
        type: 'text/plain',
      },
    });
    const report = await runCheckup(`${SITE}/`, { fetch });
    expect(requested.sort()).toEqual([
      `${SITE}/`,
      `${SITE}/ads.txt`,
      `${SITE}/llms.txt`,
      `${SITE}/robots.txt`,
    ]);
    expect(report.finalUrl).toBe(`${SITE}/`);
    expect(report.score).toBeGreaterThan(0);
    expect(report.score).toBeLessThanOrEqual(100);
    const byKey = new Map(report.results.map((r) => [r.key, r]));
    expect(byKey.get('meta-title')?.status).toBe('passed');
    expect(byKey.get('robots-txt')?.status).toBe('passed');
    expect(byKey.get('llms-txt')?.status).toBe('warning');
    // No ads and no ads.txt: not applicable, left out of the score.
    expect(byKey.get('ads-txt')).toMatchObject({ status: 'skipped' });
    expect(report.categories.map((c) => c.key)).toContain('common-seo');
  });

  it('reports a robots.txt that does not answer as its own failure, not the checkup’s', async () => {
    const { fetch } = site({ '/': { body: PAGE } }, ['/robots.txt']);
    const report = await runCheckup(`${SITE}/`, { fetch });
    expect(report.results.find((r) => r.key === 'robots-txt')).toMatchObject({ status: 'failed' });
  });

  it('refuses to report on a page it cannot fetch', async () => {
    const { fetch } = site({}, ['/']);
    await expect(runCheckup(`${SITE}/`, { fetch })).rejects.toBeInstanceOf(PageUnreachableError);
  });
});
