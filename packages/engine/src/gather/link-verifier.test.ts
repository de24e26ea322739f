import { afterEach, describe, expect, it } from 'vitest';
import { type CrawlSite, startCrawlSite } from '../../test/crawl-site';
import { failingLookup, startSilentHost } from '../../test/silent-hosts';
import { judgeLink } from '../checks/broken-links';
import { createGuardedFetcher, type GuardedFetcher } from '../net/guarded-fetch';
import { engineFetch } from './engine-fetch';
import { cachingLookup, verifyLinks } from './link-verifier';

let site: CrawlSite | null = null;
let silent: Awaited<ReturnType<typeof startSilentHost>> | null = null;
let fetcher: GuardedFetcher | null = null;
afterEach(async () => {
  await fetcher?.close();
  await site?.close();
  await silent?.close();
  site = silent = fetcher = null;
});

const budget = { budgetMs: 10_000, budgetName: 'the test’s 10 s for links' };

describe('verifyLinks', () => {
  it('asks each distinct URL once, at most two at a time per host, and hosts in turn', async () => {
    site = await startCrawlSite((path) =>
      path.startsWith('/gone') ? { status: 404, body: 'Gone' } : { body: 'Fine', delayMs: 30 },
    );
    const other = await startCrawlSite(() => ({ body: 'Fine' }));
    try {
      fetcher = createGuardedFetcher({ allowPrivate: `${site.allow},${other.allow}`, keepAlive: true });
      const urls = [
        ...Array.from({ length: 30 }, (_, i) => `${site!.origin}/page/${i}`),
        `${site.origin}/page/3`,
        `${site.origin}/gone/1`,
        `${other.origin}/elsewhere`,
      ];
      const answers = await verifyLinks(engineFetch(fetcher), urls, budget);
      expect(answers.size).toBe(32);
      expect(site.requests('/page/3')).toBe(1);
      expect(site.maxInFlight()).toBeLessThanOrEqual(2);
      expect(answers.get(`${site.origin}/page/0`)).toMatchObject({ status: 200 });
      // HEAD, then GET when HEAD answers 404 (some servers refuse HEAD).
      expect(answers.get(`${site.origin}/gone/1`)).toMatchObject({ status: 404 });
      // The other host's one link was not left behind the first host's thirty.
      expect(other.requests('/elsewhere')).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('asks a host that does not answer, or does not resolve, no more: its links are not verified, never broken', async () => {
    silent = await startSilentHost();
    const lookup = failingLookup();
    fetcher = createGuardedFetcher({ allowPrivate: `127.0.0.1:${silent.port}`, keepAlive: true, lookup });
    const urls = [
      ...Array.from({ length: 1000 }, (_, i) => `http://127.0.0.1:${silent!.port}/doc/${i}`),
      ...Array.from({ length: 1000 }, (_, i) => `http://docs.nowhere.invalid/page/${i}`),
    ];
    const started = performance.now();
    const answers = await verifyLinks(engineFetch(fetcher), urls, { ...budget, timeoutMs: 500 });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(answers.size).toBe(2000);
    // Two requests found the host silent; the name was looked up once or twice, not a thousand times.
    expect(silent.connections()).toBeLessThanOrEqual(2);
    expect(lookup.asked.filter((host) => host === 'docs.nowhere.invalid').length).toBeLessThanOrEqual(2);
    const verdicts = new Set(
      [...answers.values()].map((answer) =>
        JSON.stringify(judgeLink({ ...answer, anchor: '', internal: false })),
      ),
    );
    expect([...verdicts].sort()).toEqual(
      [
        { kind: 'unverified', reason: 'no answer in time' },
        { kind: 'unverified', reason: 'the host name could not be resolved' },
      ]
        .map((verdict) => JSON.stringify(verdict))
        .sort(),
    );
  });

  it('leaves what has not answered within its budget not verified, and says why', async () => {
    site = await startCrawlSite(() => ({ body: 'Slow', delayMs: 5000 }));
    fetcher = createGuardedFetcher({ allowPrivate: site.allow, keepAlive: true });
    const started = performance.now();
    const answers = await verifyLinks(
      engineFetch(fetcher),
      [`${site.origin}/a`, `${site.origin}/b`, `${site.origin}/c`],
      {
        budgetMs: 300,
        budgetName: 'the checkup’s 0.3 s for links',
      },
    );
    expect(performance.now() - started).toBeLessThan(2000);
    expect(answers.get(`${site.origin}/c`)).toMatchObject({
      status: null,
      error: 'not verified within the checkup’s 0.3 s for links',
      errorCode: 'timeout',
    });
    expect([...answers.values()].every((answer) => answer.status === null)).toBe(true);
  });
});

describe('cachingLookup', () => {
  it('resolves each host name once, its failure too', async () => {
    const lookup = failingLookup();
    const cached = cachingLookup(lookup);
    await Promise.all([cached('localhost'), cached('localhost')]);
    await expect(cached('a.invalid')).rejects.toThrow(/ENOTFOUND/);
    await expect(cached('a.invalid')).rejects.toThrow(/ENOTFOUND/);
    expect(lookup.asked).toEqual(['localhost', 'a.invalid']);
  });
});
