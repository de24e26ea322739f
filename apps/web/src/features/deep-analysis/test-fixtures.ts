import type { PageGroup, ServiceableUrl, Website } from '@sitelens/contracts';

/** Builders shared by the Deep Analysis screens' tests. */
export const W = '00000000-0000-4000-8000-0000000000a1';
export const GROUP = '00000000-0000-4000-8000-0000000000c1';

export const website = (guid = W, domain = 'example.com'): Website => ({
  guid,
  domain,
  homepage_url: `https://${domain}/`,
  c_at: '2026-01-01T00:00:00.000Z',
  status: 'completed',
  discovered_urls: 3,
  on_page_seo: null,
  sitemap_urls: [],
  settings: {
    competitors: [],
    regions: ['us-east-1'],
    location_name: 'United States',
    language_code: 'en',
    notifications: { ping_uptime: true, http_uptime: true, page_load_timeout: true },
  },
  keywords: [],
});

/** A monitored URL; `n` makes its guid, the rest overrides the defaults (an analysed 200 page). */
export const url = (n: number, fields: Partial<ServiceableUrl> = {}): ServiceableUrl => ({
  guid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  w_guid: W,
  cluster_guid: null,
  url: `https://example.com/page-${n}`,
  status_code: 200,
  on_page_seo: {
    score: 82,
    passed: 40,
    warning: 3,
    failed: 2,
    not_applicable: 50,
    c_at: '2026-01-05T10:00:00.000Z',
  },
  depth: 1,
  in_sitemap: true,
  source: 'sitemap',
  browser: false,
  blocked_by_robots: false,
  file: null,
  redirect_to: null,
  error: null,
  ...fields,
});

export const group = (fields: Partial<PageGroup> = {}): PageGroup => ({
  guid: GROUP,
  w_guid: W,
  title: 'Blog',
  description: 'Pages under /blog/, such as /blog/oak and /blog/ash.',
  pue_level: 'high',
  pue_reason: 'Readers come from search and stay to read.',
  monitored_urls: 12,
  avg_seo_score: 68,
  screenshot_url: null,
  sample_urls: [],
  source: 'auto',
  ...fields,
});

export interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** Every call the stubbed fetch received, with its query string and JSON body. */
export function callsOf(fetchMock: unknown): Call[] {
  const calls = (fetchMock as { mock: { calls: [string, RequestInit | undefined][] } }).mock.calls;
  return calls.map(([input, init]) => {
    const target = new URL(input, 'http://sitelens.test');
    return {
      method: init?.method ?? 'GET',
      path: target.pathname,
      search: target.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
  });
}
