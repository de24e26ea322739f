import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DEFAULT_CRAWL_SETTINGS } from '@sitelens/contracts';
import {
  collectSitemapUrls,
  engineFetch,
  gatherTextFile,
  normaliseUrl,
  parseRobotsTxt,
} from '@sitelens/engine';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { guardedFetcherFor } from '../../platform/fetcher';
import { crawlProcess, storeImportedUrls } from './jobs';

const USAGE = 'usage: sitelens crawl <url> [--max-urls N] [--json]\n';
/** URLs read and printed at a time. */
const OUTPUT_PAGE = 5000;

/**
 * `sitelens crawl <url>`: Deep Analysis's crawl of one site from the command line, on the
 * configured database, without an account: the sitemaps robots.txt declares (else /sitemap.xml),
 * internal links followed, every page check without the browser, then the crawl-wide checks. It
 * prints what it crawled and removes what it stored. The crawl benchmark runs it.
 */
export async function crawlCommand(database: Database, config: Config, args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'max-urls': { type: 'string', default: '50000' }, json: { type: 'boolean', default: false } },
  });
  const start = normaliseUrl(positionals[0]);
  const maxUrls = Number(values['max-urls']);
  if (!start || !Number.isInteger(maxUrls) || maxUrls < 1) {
    process.stderr.write(USAGE);
    return 2;
  }
  const started = performance.now();
  const host = new URL(start).hostname;
  const ids = await database.transaction(async (query) => {
    const [user] = await query<{ id: string }>(
      `insert into users (email, password_hash, f_name, l_name) values ($1, '!', 'sitelens', 'crawl') returning id`,
      [`crawl-${randomUUID()}@sitelens.invalid`],
    );
    const [organization] = await query<{ id: string }>(
      `insert into organizations (name, owner_id) values ('sitelens crawl', $1) returning id`,
      [user!.id],
    );
    const settings = {
      competitors: [],
      regions: ['us-east-1'],
      location_name: 'United States',
      language_code: 'en',
      notifications: { ping_uptime: false, http_uptime: false, page_load_timeout: false },
      crawl: { ...DEFAULT_CRAWL_SETTINGS, browser_sample: 0 },
    };
    const [website] = await query<{ id: string }>(
      `insert into websites (organization_id, domain, homepage_url, settings, status) values ($1, $2, $3, $4, 'completed') returning id`,
      [organization!.id, host, start, JSON.stringify(settings)],
    );
    const [process] = await query<{ id: string }>(
      `insert into analysis_processes (organization_id, website_id, type) values ($1, $2, 'on_page_seo_batch_url_analysis') returning id`,
      [organization!.id, website!.id],
    );
    return { user: user!.id, organization_id: organization!.id, website_id: website!.id, id: process!.id };
  });
  try {
    const fetcher = guardedFetcherFor(config);
    const fetch = engineFetch(fetcher);
    const robots = parseRobotsTxt(await gatherTextFile(fetch, start, 'robotsTxt')).sitemaps;
    const roots = robots.length > 0 ? robots : [new URL('/sitemap.xml', start).href];
    const found = await collectSitemapUrls(fetch, roots, { site: host, maxUrls });
    await fetcher.close();
    await database.transaction(async (query) => {
      await storeImportedUrls(query, ids, start, found.urls, maxUrls);
      await query(
        `insert into serviceable_urls (organization_id, website_id, url, source, depth) values ($1, $2, $3, 'link', 0)
         on conflict (website_id, md5(url)) do update set depth = 0`,
        [ids.organization_id, ids.website_id, start],
      );
    });
    await crawlProcess(database, ids, { maxUrls });
    // Written a page of rows at a time: a crawl of 100,000 URLs is not held to be printed.
    let pages = 0;
    if (values.json) process.stdout.write('{"urls":[');
    for (let after = ''; ; ) {
      const rows = await database.query<{ url: string; status_code: number | null; score: number | null }>(
        `select url, status_code, score from serviceable_urls
          where website_id = $1 and not blocked_by_robots and url > $2 order by url limit ${OUTPUT_PAGE}`,
        [ids.website_id, after],
      );
      if (rows.length === 0) break;
      after = rows.at(-1)!.url;
      process.stdout.write(
        values.json
          ? `${pages > 0 ? ',' : ''}${rows.map((row) => JSON.stringify(row.url)).join(',')}`
          : rows
              .map(
                (row) => `${row.status_code ?? '---'}  ${String(row.score ?? '').padStart(3)}  ${row.url}\n`,
              )
              .join(''),
      );
      pages += rows.length;
    }
    const durationMs = Math.round(performance.now() - started);
    process.stdout.write(
      values.json
        ? `],"pages":${pages},"durationMs":${durationMs}}\n`
        : `${pages} URLs in ${(durationMs / 1000).toFixed(1)} s\n`,
    );
    return 0;
  } finally {
    // The organization's rows (website, URLs, results, links) go with its owner.
    await database.query('delete from users where id = $1', [ids.user]);
  }
}
