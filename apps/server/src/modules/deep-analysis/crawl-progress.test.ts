import type { AnalysisProcess } from '@sitelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, type TestApp, teamAccount } from '../../test/app';
import { deepAnalysisDriver, serveSites } from '../../test/deep-analysis';

let t: TestApp;
let owner: Account;
let served: Awaited<ReturnType<typeof serveSites>>;
const { api, website, runProcesses } = deepAnalysisDriver(() => t);

/** Pages in a chain, each found only on the one before, each slow enough to be seen in progress. */
const CHAIN = 6;
const link = (n: number) => (n < CHAIN ? `<a href="/step-${n + 1}">Next</a>` : '');
const ROUTES: Record<string, { body: string; delayMs?: number; headers?: Record<string, string> }> = {
  '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\n' },
  '/': { body: `<!doctype html><html lang="en"><title>Start</title><h1>Start</h1>${link(0)}</html>` },
};
for (let n = 1; n <= CHAIN; n++)
  ROUTES[`/step-${n}`] = {
    delayMs: 150,
    body: `<!doctype html><html lang="en"><title>Step ${n}</title><h1>Step ${n}</h1>${link(n)}</html>`,
  };

beforeAll(async () => {
  t = await createTestApp();
  owner = await teamAccount(t, { max_tracked_websites: 10, max_monitored_regions: 1, dp_max_urls: 100 });
  served = await serveSites({ progress: ROUTES });
});
afterAll(async () => {
  await served.close();
  await t.close();
});

describe("a crawl's progress", () => {
  it('counts URLs as they are analysed, of every URL known so far, the ones found by links included', async () => {
    const w = await website(owner, 'progress');
    const added = await api(owner, 'POST', `/serviceable-url/${w}`, {
      urls: ['http://progress.example.com/'],
    });
    expect(added.statusCode, added.body).toBe(201);

    // What the overview's banner reads, every 20 ms while the crawl runs.
    const seen: { done: number; known: number }[] = [];
    let running = true;
    const watching = (async () => {
      while (running) {
        const res = await api(owner, 'GET', `/on-page-seo/active?w_guid=${w}`);
        const [batch] = res.json() as AnalysisProcess[];
        if (batch)
          seen.push({
            done: batch.completed + batch.failed + batch.timeout,
            known: batch.subprocesses_count,
          });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await runProcesses(w);
    running = false;
    await watching;

    // Known grew as links were found, up to every URL of the site; done rose a URL at a time.
    expect(Math.max(...seen.map((s) => s.known))).toBe(CHAIN + 1);
    const done = [...new Set(seen.map((s) => s.done))];
    expect(done.filter((n) => n > 0 && n < CHAIN + 1).length).toBeGreaterThanOrEqual(3);
    for (const s of seen) expect(s.done).toBeLessThanOrEqual(s.known);
    // Never backwards.
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.done).toBeGreaterThanOrEqual(seen[i - 1]!.done);
      expect(seen[i]!.known).toBeGreaterThanOrEqual(seen[i - 1]!.known);
    }
    // The overview's own count of the same thing agrees once the crawl ended.
    const overview = (await api(owner, 'GET', `/on-page-seo/website-audit/overview/${w}`)).json();
    expect(overview).toMatchObject({ analyzed_urls: CHAIN + 1, monitored_urls: CHAIN + 1 });
  });
});
