import type { BrokenLink, BrokenLinksRun, SitemapRun, ToolRun } from '@sitelens/contracts';
import { vi } from 'vitest';
import { json } from '../checkup/checkup-test-kit';
import { W } from '../deep-analysis/test-fixtures';

/** Builders shared by the webmaster tools' tests. */
export const RUN = '00000000-0000-4000-8000-0000000000b1';
export const OLD_RUN = '00000000-0000-4000-8000-0000000000b0';

export const toolRun = (fields: Partial<ToolRun> = {}): ToolRun => ({
  guid: RUN,
  tool: 'broken_links',
  w_guid: W,
  url: 'https://example.com/',
  status: 'completed',
  phase: 'completed',
  pages_crawled: 120,
  pages_limit: 5000,
  capped: false,
  links_found: 1200,
  links_checked: 1200,
  broken_found: 3,
  error: null,
  c_at: '2026-11-20T10:00:00.000Z',
  finished_at: '2026-11-20T10:05:00.000Z',
  ...fields,
});

export const brokenLinksRun = (fields: Partial<BrokenLinksRun> = {}): BrokenLinksRun => ({
  run: toolRun(),
  counts: {
    broken: 3,
    redirect_loop: 1,
    redirect_chain: 2,
    redirected: 7,
    not_verified: 4,
    ok: 1183,
    internal_broken: 2,
    external_broken: 1,
  },
  comparison: null,
  ...fields,
});

/** A link; `n` makes its guid, the rest overrides the defaults (an internal 404 on 2 pages). */
export const link = (n: number, fields: Partial<BrokenLink> = {}): BrokenLink => ({
  guid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  url: `https://example.com/missing-${n}`,
  internal: true,
  kind: 'broken',
  status: 404,
  reason: null,
  redirect_chain: [],
  anchor: `Missing ${n}`,
  found_on_count: 2,
  found_on: 'https://example.com/',
  change: null,
  ...fields,
});

export const sitemapRun = (fields: Partial<SitemapRun> = {}): SitemapRun => ({
  run: toolRun({ tool: 'sitemap', links_found: 0, links_checked: 0, broken_found: 0 }),
  options: {
    lastmod: true,
    changefreq: null,
    priority: false,
    images: false,
    exclude: [],
    gzip: false,
  },
  result: {
    included: 98,
    excluded: { noindex: 5, redirect: 12, not_found: 3 },
    files: [{ name: 'sitemap.xml', entries: 98, bytes: 10_752, index: false }],
    preview: [
      { loc: 'https://example.com/', lastmod: '2026-11-02T08:00:00.000Z', images: 2 },
      { loc: 'https://example.com/about', lastmod: null, images: 0 },
    ],
    feed_url: '/api/sitemaps/abcdefghijklmnopqrstuv/sitemap.xml',
  },
  ...fields,
});

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

function toCall(input: string, init?: RequestInit): ApiCall {
  const target = new URL(input, 'http://sitelens.test');
  return {
    method: init?.method ?? 'GET',
    path: target.pathname,
    query: target.searchParams,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  };
}

/**
 * Stands in for the API like the checkup kit's `stubApi`, but hands `answer` the query string and
 * the JSON body too; a call it does not answer is a 500. Undo with `vi.unstubAllGlobals()`.
 */
export function stubCalls(answer: (call: ApiCall) => Response | undefined): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (input: string, init?: RequestInit) =>
        answer(toCall(input, init)) ?? json({ error: 'unexpected' }, 500),
    ),
  );
}

/** The calls the stubbed fetch received to `path` (every method unless one is given). */
export function callsTo(path: string, method?: string): ApiCall[] {
  const calls = (fetch as unknown as { mock: { calls: [string, RequestInit | undefined][] } }).mock.calls;
  return calls
    .map(([input, init]) => toCall(input, init))
    .filter((call) => call.path === path && (!method || call.method === method));
}
