import { afterEach, describe, expect, it } from 'vitest';
import { type CrawlSite, htmlPage, startCrawlSite } from '../../test/crawl-site';
import { engineFetch } from '../gather/engine-fetch';
import { createGuardedFetcher, type GuardedFetcher } from '../net/guarded-fetch';
import { checkLinkTarget } from './link-check';

let site: CrawlSite | null = null;
let fetcher: GuardedFetcher | null = null;
afterEach(async () => {
  await fetcher?.close();
  await site?.close();
});

const redirect = (to: string, status = 301) => ({ status, headers: { location: to }, body: '' });

describe('checkLinkTarget', () => {
  it('tells working, broken, redirected, chained, looping and unverifiable links apart', async () => {
    site = await startCrawlSite({
      '/ok': { body: htmlPage({ title: 'Fine page' }) },
      '/gone': { status: 410, body: 'gone' },
      '/moved': redirect('/ok'),
      '/hop-1': redirect('/hop-2', 302),
      '/hop-2': redirect('/ok'),
      '/to-404': redirect('/nothing-here'),
      '/loop-a': redirect('/loop-b'),
      '/loop-b': redirect('/loop-a'),
      '/busy': { status: 429, body: 'slow down' },
      '/error': { status: 503, body: 'down' },
    });
    fetcher = createGuardedFetcher({ allowPrivate: site.allow });
    const fetch = engineFetch(fetcher);
    const at = (path: string, internal = true) => checkLinkTarget(fetch, `${site!.origin}${path}`, internal);

    expect(await at('/ok')).toEqual({ kind: 'ok', status: 200, reason: null, chain: [] });
    expect(await at('/gone')).toMatchObject({ kind: 'broken', status: 410 });
    expect(await at('/error')).toMatchObject({ kind: 'broken', status: 503 });
    expect(await at('/moved')).toEqual({
      kind: 'redirected',
      status: 301,
      reason: null,
      chain: [
        { url: `${site.origin}/moved`, status: 301 },
        { url: `${site.origin}/ok`, status: 200 },
      ],
    });
    expect(await at('/hop-1')).toMatchObject({ kind: 'redirect_chain', status: 302 });
    expect((await at('/hop-1')).chain.map((hop) => hop.status)).toEqual([302, 301, 200]);
    // A redirect to a missing page is broken, with the way there.
    expect(await at('/to-404')).toMatchObject({ kind: 'broken', status: 301 });
    expect((await at('/to-404')).chain.at(-1)).toEqual({ url: `${site.origin}/nothing-here`, status: 404 });
    const loop = await at('/loop-a');
    expect(loop.kind).toBe('redirect_loop');
    expect(loop.reason).toBe(`The redirects lead back to ${site.origin}/loop-a`);
    expect(loop.chain.map((hop) => hop.url)).toEqual([`${site.origin}/loop-a`, `${site.origin}/loop-b`]);
    expect(await at('/busy', false)).toMatchObject({
      kind: 'not_verified',
      reason: 'rate limited (HTTP 429)',
    });
  });

  it('does not call a link broken when its server cannot be reached', async () => {
    fetcher = createGuardedFetcher({ allowPrivate: '127.0.0.1:1' });
    const verdict = await checkLinkTarget(engineFetch(fetcher), 'http://127.0.0.1:1/page', false);
    expect(verdict.kind).toBe('not_verified');
    expect(verdict.status).toBeNull();
    expect(verdict.reason).toMatch(/could not be reached|connection failed/);
  });
});
