import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { allChecks, runCheckup } from '@sitelens/engine';
import type { Config } from '../../config';
import type { Database, QueryFn } from '../../db/client';
import { guardedFetcherFor } from '../../platform/fetcher';
import { closeWorkerBrowser, workerBrowserPool } from './worker-browser';

/** Sites checked at once: each checkup opens Chromium. */
const CONCURRENCY = 2;

/** Reads a site list: one URL or host per line; blank lines and `#` comments ignored. */
export function parseSiteList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean)
    .map((line) => (/^https?:\/\//i.test(line) ? line : `https://${line}/`));
}

/**
 * Pass rates per check over a list of sites: the share of sites where the check passed, among
 * those where it ran. Sites that cannot be fetched are left out.
 */
export async function measurePassRates(
  sites: string[],
  check: (url: string) => Promise<Map<string, string> | null>,
): Promise<{ rates: Map<string, { rate: number; sites: number }>; checked: number; failed: string[] }> {
  const tallies = new Map<string, { passed: number; ran: number }>();
  const failed: string[] = [];
  let checked = 0;
  let next = 0;
  const lane = async () => {
    while (next < sites.length) {
      const url = sites[next++]!;
      const statuses = await check(url).catch(() => null);
      if (!statuses) {
        failed.push(url);
        continue;
      }
      checked++;
      for (const [key, status] of statuses) {
        if (status === 'skipped' || status === 'error') continue;
        const tally = tallies.get(key) ?? { passed: 0, ran: 0 };
        tally.ran++;
        if (status === 'passed') tally.passed++;
        tallies.set(key, tally);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, sites.length) }, lane));
  const rates = new Map([...tallies].map(([key, t]) => [key, { rate: t.passed / t.ran, sites: t.ran }]));
  return { rates, checked, failed };
}

/** Stores one measurement of each check's rate, with the list it was measured on; a second on the same day replaces it. */
export async function storePassRates(
  query: QueryFn,
  rates: Map<string, { rate: number; sites: number }>,
  name: string,
  measuredOn: string,
): Promise<void> {
  for (const [key, { rate, sites }] of rates)
    await query(
      `insert into pass_rates (section_key, rate, sites, measured_on, sample_name) values ($1, $2, $3, $4, $5)
       on conflict (section_key, measured_on) do update set rate = $2, sites = $3, sample_name = $5`,
      [key, rate, sites, measuredOn, name],
    );
}

const USAGE =
  "usage: sitelens pass-rates --sites <file> [--name <list name>]   (one URL or host per line; the name defaults to the file's)\n";

/**
 * `sitelens pass-rates --sites <file> [--name <name>]`: checks every site and stores today's rate
 * of each check, with the list's name (shown beside each rate: "N % of 84 sites of <name>").
 */
export async function passRatesCommand(database: Database, config: Config, args: string[]): Promise<number> {
  const option = (flag: string) => {
    const index = args.indexOf(flag);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const file = option('--sites');
  if (!file) {
    process.stderr.write(USAGE);
    return 2;
  }
  const name = (option('--name') ?? path.basename(file).replace(/\.[^.]+$/, '')).trim();
  if (!name) {
    process.stderr.write(USAGE);
    return 2;
  }
  let sites: string[];
  try {
    sites = parseSiteList(await readFile(file, 'utf8'));
  } catch (error) {
    process.stderr.write(`cannot read ${file}: ${(error as Error).message}\n`);
    return 2;
  }
  if (sites.length === 0) {
    process.stderr.write(`${file} lists no sites\n`);
    return 2;
  }
  const fetcher = guardedFetcherFor(config);
  // One Chromium for the whole list, a fresh context per site.
  const browserPool = workerBrowserPool(config.CHROMIUM_PATH, fetcher);
  const { rates, checked, failed } = await measurePassRates(sites, async (url) => {
    process.stdout.write(`checking ${url}\n`);
    const report = await runCheckup({ url, fetcher, browserPool });
    return new Map(report.results.map((r) => [r.key, r.status]));
  }).finally(closeWorkerBrowser);
  await storePassRates(database.query, rates, name, new Date().toISOString().slice(0, 10));
  process.stdout.write(
    `stored pass rates of ${rates.size} of ${allChecks.length} checks over ${checked} sites of ${name}${failed.length ? `; could not check ${failed.length}: ${failed.join(', ')}` : ''}\n`,
  );
  return checked > 0 ? 0 : 1;
}
