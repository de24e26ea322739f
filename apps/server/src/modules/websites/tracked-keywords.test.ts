import { WEBSITE_MESSAGES } from '@sitelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, type TestApp, teamAccount } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = (account: Account, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: account.auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const MARKET = { location_name: 'United States', language_code: 'en' };

/** A team on a plan with `max_keywords`, tracking example.com with the given keywords. */
async function trackingAccount(maxKeywords: number, keywords: string[] = [], domain = 'example.com') {
  const account = await teamAccount(t, {
    max_tracked_websites: 3,
    max_monitored_regions: 1,
    max_keywords: maxKeywords,
  });
  const res = await api(account, 'POST', '/website-index', {
    domain,
    homepage_url: `https://${domain}/`,
    keywords,
  });
  expect(res.statusCode, res.body).toBe(201);
  return account;
}

const add = (account: Account, keywords: string[], domain = 'example.com') =>
  api(account, 'POST', '/dfs/tracked-keywords/batch', { domain, ...MARKET, keywords });

const listed = async (account: Account, domain = 'example.com') => {
  const res = await api(account, 'GET', `/dfs/tracked-keywords?domain=${domain}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { tracked_keywords: { keyword: string }[]; keywords_no: number };
};

describe('tracked keywords', () => {
  it('adds keywords after the existing ones, ignoring blanks and the ones already tracked', async () => {
    const account = await trackingAccount(5, ['oak table']);
    const res = await add(account, [' chairs ', '', 'oak table', 'chairs', 'desk']);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tracked_keywords.map((k: { keyword: string }) => k.keyword)).toEqual([
      'oak table',
      'chairs',
      'desk',
    ]);
    expect(res.json()).toMatchObject({
      keywords_no: 3,
      tracked_keywords: [{ domain: 'example.com', ...MARKET }, {}, {}],
    });
    // The website itself lists them, and the usage counts them.
    const [website] = (await api(account, 'GET', '/website-index')).json();
    expect(website.keywords).toEqual(['oak table', 'chairs', 'desk']);
    expect((await api(account, 'GET', '/dfs/tracked-keywords/count')).json()).toEqual({ keywords_no: 3 });
    // The domain is normalised like everywhere else.
    expect((await listed(account, 'https://www.EXAMPLE.com/')).tracked_keywords).toHaveLength(3);
    // Only repeats: nothing to add, no limit asked.
    expect((await add(account, ['desk'])).statusCode).toBe(201);
  });

  it("holds max_keywords across the organization with the spec's texts on the keywords field", async () => {
    const account = await trackingAccount(3, ['one']);
    const over = await add(account, ['two', 'three', 'four']);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      error: WEBSITE_MESSAGES.keywordsExceeded,
      fields: [{ field: 'keywords', message: WEBSITE_MESSAGES.keywordsExceeded }],
    });
    expect((await add(account, ['two', 'three'])).statusCode).toBe(201);
    const full = await add(account, ['four']);
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({
      error: WEBSITE_MESSAGES.keywordsAtLimit(3),
      fields: [{ field: 'keywords' }],
    });
    expect((await listed(account)).keywords_no).toBe(3);
  });

  it('lets exactly one of 10 concurrent adds through at the limit minus one', async () => {
    const account = await trackingAccount(3, ['one', 'two']);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => add(account, [`race ${i}`])));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 403)).toHaveLength(9);
    expect((await listed(account)).keywords_no).toBe(3);
  });

  it('removes a keyword, and says so when it is not tracked', async () => {
    const account = await trackingAccount(5, ['oak table', 'chairs']);
    const removed = await api(account, 'DELETE', '/dfs/tracked-keywords', {
      domain: 'example.com',
      keyword: 'oak table',
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await listed(account)).tracked_keywords.map((k) => k.keyword)).toEqual(['chairs']);
    const again = await api(account, 'DELETE', '/dfs/tracked-keywords', {
      domain: 'example.com',
      keyword: 'oak table',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().fields[0].field).toBe('keyword');
  });

  it("answers 404 for another organization's domain on every call, and changes nothing", async () => {
    const owner = await trackingAccount(5, ['secret']);
    const stranger = await trackingAccount(5, [], 'mine.com');
    const calls = [
      api(stranger, 'GET', '/dfs/tracked-keywords?domain=example.com'),
      add(stranger, ['intruder']),
      api(stranger, 'DELETE', '/dfs/tracked-keywords', { domain: 'example.com', keyword: 'secret' }),
      api(stranger, 'GET', '/dfs/tracked-keywords/overview?domain=example.com'),
      api(
        stranger,
        'GET',
        '/dfs/keyword-position-tracker?domain=example.com&phrase=secret&location=United%20States&language=en',
      ),
      api(stranger, 'PATCH', '/dfs/tracked-keywords/location', { domain: 'example.com', ...MARKET }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(WEBSITE_MESSAGES.notFound);
    }
    expect((await listed(owner)).tracked_keywords.map((k) => k.keyword)).toEqual(['secret']);
    expect((await api(stranger, 'GET', '/dfs/tracked-keywords/count')).json()).toEqual({ keywords_no: 0 });
  });

  it('refuses bad input with the field and the reason', async () => {
    const account = await trackingAccount(5);
    const cases: [string, 'POST' | 'DELETE' | 'GET', object | undefined, string][] = [
      [
        '/dfs/tracked-keywords/batch',
        'POST',
        { domain: 'example.com', ...MARKET, keywords: [' ', ''] },
        'keywords',
      ],
      [
        '/dfs/tracked-keywords/batch',
        'POST',
        { domain: 'not a domain', ...MARKET, keywords: ['a'] },
        'domain',
      ],
      [
        '/dfs/tracked-keywords/batch',
        'POST',
        { domain: 'example.com', location_name: 'Atlantis', language_code: 'xx', keywords: ['a'] },
        'language_code',
      ],
      ['/dfs/tracked-keywords', 'DELETE', { domain: 'example.com', keyword: '  ' }, 'keyword'],
      ['/dfs/tracked-keywords?domain=nope', 'GET', undefined, 'querystring.domain'],
    ];
    for (const [url, method, payload, field] of cases) {
      const res = await api(account, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().fields[0].field).toBe(field);
    }
    expect((await add(account, [' ', ''])).json().fields[0].message).toBe('This field is required!');
    expect((await listed(account)).tracked_keywords).toEqual([]);
  });

  it('are listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, method] of [
      ['/api/dfs/tracked-keywords', 'get'],
      ['/api/dfs/tracked-keywords', 'delete'],
      ['/api/dfs/tracked-keywords/batch', 'post'],
      ['/api/dfs/tracked-keywords/count', 'get'],
      ['/api/dfs/tracked-keywords/overview', 'get'],
      ['/api/dfs/tracked-keywords/location', 'patch'],
      ['/api/dfs/keyword-position-tracker', 'get'],
    ] as const) {
      expect(Object.keys(doc.paths[path]?.[method]?.responses ?? {}), `${method} ${path}`).toContain('404');
    }
  });
});
