import { generatedSite, startCrawlSite } from '@sitelens/engine/testing/crawl-site';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/app';
import { crawlCommand } from './crawl-command';

// `sitelens crawl`, which the crawl benchmark runs: what it prints, and that it leaves nothing stored.
let t: TestApp;
let site: Awaited<ReturnType<typeof startCrawlSite>>;

beforeAll(async () => {
  site = await startCrawlSite(generatedSite(60));
  // The crawl's jobs read the server's settings from the environment, as in a worker.
  process.env.FETCH_ALLOW_PRIVATE = `127.0.0.1:${site.port}`;
  t = await createTestApp();
});
afterAll(async () => {
  delete process.env.FETCH_ALLOW_PRIVATE;
  await t.close();
  await site.close();
});

/** Runs the command and returns what it wrote to stdout. */
async function crawl(args: string[]): Promise<{ code: number; output: string }> {
  const written: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  try {
    const code = await crawlCommand(
      t.database,
      loadConfig({ FETCH_ALLOW_PRIVATE: `127.0.0.1:${site.port}` }),
      args,
    );
    return { code, output: written.join('') };
  } finally {
    write.mockRestore();
  }
}

describe('sitelens crawl', () => {
  it('prints every crawled URL once, in order, as one JSON line, and removes what it stored', async () => {
    const { code, output } = await crawl([`${site.origin}/`, '--json']);
    expect(code).toBe(0);
    expect(output.endsWith('}\n')).toBe(true);
    expect(output.trim().split('\n')).toHaveLength(1);
    const json = JSON.parse(output) as { pages: number; urls: string[]; durationMs: number };
    // The homepage, 60 pages, a moved and a missing page; not robots.txt's /private/admin.
    expect(json.pages).toBe(63);
    expect(json.urls).toHaveLength(63);
    expect(json.urls).toEqual([...json.urls].sort());
    expect(new Set(json.urls).size).toBe(63);
    expect(json.urls).toContain(`${site.origin}/p/59`);
    expect(json.urls.some((url) => url.includes('/private/'))).toBe(false);
    expect(json.durationMs).toBeGreaterThan(0);
    expect(await t.database.query('select 1 from serviceable_urls')).toEqual([]);
    expect(await t.database.query('select 1 from websites')).toEqual([]);
  });

  it('lists status, score and URL as text within its cap, and refuses a bad cap', async () => {
    const { code, output } = await crawl([`${site.origin}/`, '--max-urls', '5']);
    expect(code).toBe(0);
    const lines = output.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^5 URLs in \d+\.\d s$/);
    expect(lines.slice(0, -1)).toHaveLength(5);
    for (const line of lines.slice(0, -1))
      expect(line).toMatch(/^(\d{3}|---) +\d* +http:\/\/127\.0\.0\.1:\d+\//);
    expect((await crawl([`${site.origin}/`, '--max-urls', '0'])).code).toBe(2);
  });
});
