import { describe, expect, it } from 'vitest';
import type { ArtifactName } from './artifacts';
import { defineCheck, passed } from './checks/define-check';
import { allChecks } from './checks/index';
import { metaTitle } from './checks/meta-title';
import type { EngineFetch, FetchedResponse } from './gather/fetch-contract';
import { PageUnreachableError, runCheckup, UnknownSectionError } from './run';

const SITE = 'https://woodline.example';
const PAGE = `<!doctype html><html lang="en"><head><title>Handmade oak tables – Woodline</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Oak tables</h1><p>Tables made by hand.</p></body></html>`;

/** A site in memory, answering like the guarded fetcher; unknown paths are 404, `down` rejects. */
function site(files: Record<string, { status?: number; body: string; type?: string }>, down: string[] = []) {
  const requested: string[] = [];
  const fetch: EngineFetch = async (url) => {
    requested.push(url);
    if (down.includes(new URL(url).pathname) || new URL(url).hostname === 'down.example')
      throw new Error('connect ECONNREFUSED');
    const file = files[new URL(url).pathname];
    const response: FetchedResponse = {
      requestedUrl: url,
      finalUrl: url,
      status: file?.status ?? (file ? 200 : 404),
      headers: { 'content-type': file?.type ?? 'text/html; charset=utf-8' },
      body: file?.body ?? 'Not found',
      raw: Buffer.from(file?.body ?? 'Not found'),
      protocol: 'http/1.1',
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

// The checks that read only the page and the origin's text files: what a memory site can serve.
const SERVED: ArtifactName[] = ['page', 'document', 'robotsTxt', 'llmsTxt', 'adsTxt'];
const pageChecks = allChecks.filter((check) => check.requires.every((name) => SERVED.includes(name)));

describe('runCheckup', () => {
  it('gathers each artifact once, runs every check and scores the report', async () => {
    const { fetch, requested } = site({
      '/': { body: PAGE },
      '/robots.txt': {
        body: 'User-agent: *\nAllow: /\nSitemap: https://woodline.example/sitemap.xml',
        type: 'text/plain',
      },
    });
    const report = await runCheckup({ url: `${SITE}/`, fetch, checks: pageChecks, browser: false });
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
    const report = await runCheckup({ url: `${SITE}/`, fetch, checks: pageChecks, browser: false });
    expect(report.results.find((r) => r.key === 'robots-txt')).toMatchObject({ status: 'failed' });
  });

  it('refuses to report on a page it cannot fetch', async () => {
    const { fetch } = site({}, ['/']);
    await expect(
      runCheckup({ url: `${SITE}/`, fetch, checks: pageChecks, browser: false }),
    ).rejects.toBeInstanceOf(PageUnreachableError);
  });

  it('reports each section as it is ready and runs only the sections asked for', async () => {
    const { fetch, requested } = site({ '/': { body: PAGE } });
    const seen: string[] = [];
    const report = await runCheckup({
      url: `${SITE}/`,
      fetch,
      sections: ['meta-title', 'viewport'],
      onSection: ({ result }) => seen.push(result.key),
    });
    expect(seen.sort()).toEqual(['meta-title', 'viewport']);
    expect(report.results.map((r) => r.key)).toEqual(['meta-title', 'viewport']);
    expect(requested).toEqual([`${SITE}/`]);
  });

  it('refuses an unknown section key before fetching anything', async () => {
    const { fetch, requested } = site({ '/': { body: PAGE } });
    await expect(runCheckup({ url: `${SITE}/`, fetch, sections: ['meta-titel'] })).rejects.toBeInstanceOf(
      UnknownSectionError,
    );
    expect(requested).toEqual([]);
  });

  it('skips a check whose artifact this run cannot have, with the reason, and scores without it', async () => {
    const { fetch } = site({ '/': { body: PAGE } });
    const crawlOnly = defineCheck({
      ...metaTitle,
      key: 'crawl-only',
      requires: ['crawl'],
      evaluate: () => passed('never'),
    });
    const report = await runCheckup({
      url: `${SITE}/`,
      fetch,
      checks: [metaTitle, crawlOnly],
      browser: false,
    });
    expect(report.results[1]).toEqual({
      key: 'crawl-only',
      status: 'skipped',
      reason:
        'Needs the whole site: this check runs when the whole site is crawled, not in a one-page checkup.',
    });
    expect(report.score).toBe(100);
  });

  it('runs the same sections on a competitor and keeps an unreachable one as an error', async () => {
    const { fetch } = site({ '/': { body: PAGE } });
    const report = await runCheckup({
      url: `${SITE}/`,
      fetch,
      sections: ['meta-title'],
      competitors: [`${SITE}/`, 'https://down.example/'],
    });
    expect(report.competitors).toHaveLength(2);
    expect(report.competitors[0]).toMatchObject({ url: `${SITE}/`, score: 100 });
    expect(report.competitors[1]).toMatchObject({ url: 'https://down.example/' });
    expect(report.competitors[1]).toHaveProperty('error');
  });
  it('judges no body of an address that answers with a file: a PDF is recorded, not read as a page', async () => {
    const pdf = `%PDF-1.4\n${'x'.repeat(5111)}`;
    const { fetch, requested } = site({
      '/manual.pdf': { body: pdf, type: 'application/pdf' },
      '/robots.txt': { body: 'User-agent: *\nAllow: /', type: 'text/plain' },
    });
    const report = await runCheckup({ url: `${SITE}/manual.pdf`, fetch, browser: true });
    const byKey = new Map(report.results.map((result) => [result.key, result]));
    const notChecked = {
      status: 'skipped',
      reason: 'Not checked: the address answers with a file (application/pdf, 5.0 KB), not an HTML page.',
    };
    for (const key of [
      'meta-title',
      'spell-check',
      'content-length',
      'doctype',
      'web-vitals-lcp',
      'broken-links',
    ])
      expect(byKey.get(key), key).toMatchObject(notChecked);
    expect(byKey.get('http-status-code')?.status).toBe('passed');
    expect(byKey.get('robots-txt')?.status).toBe('passed');
    // Nothing the body would reference was fetched, and Chromium rendered nothing.
    expect(requested.some((url) => url.endsWith('.css') || url.endsWith('.js'))).toBe(false);
    expect(report.screenshots).toEqual({ desktop: null, mobile: null });
  });

  it('does not judge the content of a page that answers 403: the status fails, body checks are skipped', async () => {
    // What a bot-blocking wall sends: no title, noindex, almost no text.
    const wall = '<html><head><meta name="robots" content="noindex"></head><body>Access denied</body></html>';
    const { fetch, requested } = site({
      '/': { status: 403, body: wall },
      '/robots.txt': { body: 'User-agent: *\nAllow: /', type: 'text/plain' },
    });
    const report = await runCheckup({ url: `${SITE}/`, fetch, browser: true });
    const byKey = new Map(report.results.map((result) => [result.key, result]));
    expect(report.status).toBe(403);
    expect(byKey.get('http-status-code')).toMatchObject({
      status: 'failed',
      message:
        'The page answered with HTTP 403; search engines drop pages with client errors from the index.',
    });
    const notChecked = {
      status: 'skipped',
      reason:
        'Not checked: the page answered with HTTP 403, and search engines ignore the content of an error page.',
    };
    for (const key of [
      'meta-title',
      'noindex-tags',
      'content-length',
      'doctype',
      'web-vitals-lcp',
      'broken-links',
    ])
      expect(byKey.get(key), key).toMatchObject(notChecked);
    // The response and the origin are still judged.
    expect(byKey.get('robots-txt')?.status).toBe('passed');
    expect(byKey.get('server-signature')?.status).toBe('passed');
    // Nothing the body references was fetched, and Chromium was not started for an error page.
    expect(requested.some((url) => url.endsWith('.css') || url.endsWith('.js'))).toBe(false);
    expect(report.screenshots).toEqual({ desktop: null, mobile: null });
  });
});
