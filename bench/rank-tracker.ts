// `npm run bench -- rank-tracker [--keywords 10000] [--rate 5] [--window 1]`: the daily position
// check of N tracked keywords against the DataForSEO-shaped server limited to `rate` requests a
// second, counted in sliding windows of `window` seconds (its rate-limit answer above it; DataForSEO
// itself counts per minute). The process's limiter is set to the same allowance, as an operator sets
// DATAFORSEO_RATE_LIMIT and DATAFORSEO_RATE_WINDOW_SECONDS. The peer is the limit itself: N results
// lookups (plus one Google Ads call per 1,000 keywords) cannot finish faster than calls / rate
// seconds. Reports the completion time against that bound (goal: at least 95 % of the allowed
// rate), the rate-limit answers (goal: 0) and the heap after a forced collection along the run
// (goal: flat).

import { spawn } from 'node:child_process';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { refreshPositions } from '@sitelens/server/src/modules/keywords/tracking';
import { limiterFor } from '@sitelens/server/src/providers/seo-data';
import { createDataForSeo } from '@sitelens/server/src/providers/seo-data/dataforseo';
import { createSeoData } from '@sitelens/server/src/providers/seo-data/metered';
import { addWebsite, createTestApp, registerUser, startTrial } from '@sitelens/server/src/test/app';
import { FIXTURE_STATS_PATH } from '@sitelens/server/src/test/dataforseo-server';
import { createTestDatabase } from '@sitelens/server/src/test/db';
import pino from 'pino';

const DOMAIN = 'rank-bench.example';
const FIXTURE = path.resolve(import.meta.dirname, '../apps/server/src/test/dataforseo-server.ts');

export async function benchRankTracker(options: {
  keywords: number;
  rate: number;
  windowSeconds: number;
}): Promise<void> {
  const allowance = options.rate * options.windowSeconds;
  // The fixture runs in a process of its own (it remembers each keyword's results page), so the
  // heap measured here is the tracker's.
  const fake = await startFixtureProcess([
    '--port',
    '0',
    '--rate',
    String(allowance),
    '--rate-window-ms',
    String(options.windowSeconds * 1000),
    '--latency',
    '40',
    '--serp-domains',
    DOMAIN,
  ]);
  // A collection before each reading: the heap is what is still held, not garbage not yet collected.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const database = await createTestDatabase();
  const logger = pino({ level: 'warn' });
  const seoData = createSeoData({
    database,
    logger,
    provider: createDataForSeo({
      login: fake.login,
      password: fake.password,
      baseUrl: fake.url,
      limiter: limiterFor(allowance, options.windowSeconds),
    }),
    monthlyCapUsd: null,
    cacheSeconds: 86_400,
  });
  const t = await createTestApp({}, { seoData }, database);
  try {
    const account = await registerUser(t.app);
    await startTrial(t.app, account);
    await addWebsite(t.app, account, { domain: DOMAIN, homepage_url: `https://${DOMAIN}/` });
    const [website] = await database.query<{ id: string; organization_id: string }>(
      'select id, organization_id from websites where domain = $1',
      [DOMAIN],
    );
    // The keywords go in directly: the plan's max_keywords is not what is measured here.
    await database.query(
      `insert into website_keywords (website_id, organization_id, keyword, location_name, language_code, position)
       select $1, $2, 'harbour keyword ' || n, 'United States', 'en', n from generate_series(1, $3) n`,
      [website!.id, website!.organization_id, options.keywords],
    );

    const memory: { at: number; heapMb: number; rssMb: number }[] = [];
    const started = performance.now();
    const sample = () => {
      gc();
      const usage = process.memoryUsage();
      memory.push({
        at: (performance.now() - started) / 1000,
        heapMb: usage.heapUsed / 2 ** 20,
        rssMb: usage.rss / 2 ** 20,
      });
    };
    sample();
    const sampler = setInterval(sample, 10_000);
    const result = await refreshPositions({ database, seoData, logger, checkHour: 0 });
    clearInterval(sampler);
    sample();
    const seconds = (performance.now() - started) / 1000;

    const { received, rate_limited: rateLimited } = await fake.stats();
    const calls = received - rateLimited;
    // A sliding window lets `allowance` calls go at once, then as many a window later: the calls
    // need that many full windows before their last group can leave.
    const bound = (Math.ceil(calls / allowance) - 1) * options.windowSeconds;
    const [rows] = await database.query<{ n: number }>('select count(*)::int as n from keyword_positions');
    console.info(
      `rank-tracker: ${options.keywords} keywords, the provider allows ${allowance} requests in any ${options.windowSeconds} s`,
    );
    console.info(`  positions written     ${rows!.n} (checked ${result.checked}, failed ${result.failed})`);
    console.info(`  provider calls        ${calls} answered, ${rateLimited} refused by its rate limit`);
    console.info(`  completion            ${seconds.toFixed(1)} s; the limit allows ${bound.toFixed(1)} s`);
    console.info(`  share of allowed rate ${((bound / seconds) * 100).toFixed(1)} % (goal >= 95 %)`);
    const series = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(
      (tenthOf) => memory[Math.round(((memory.length - 1) * tenthOf) / 10)]!,
    );
    console.info(
      `  heap after gc         ${series.map((m) => `${m.heapMb.toFixed(0)} MB at ${m.at.toFixed(0)} s`).join(', ')}`,
    );
    console.info(`  rss                   max ${Math.max(...memory.map((m) => m.rssMb)).toFixed(0)} MB`);
  } finally {
    await t.close();
    fake.close();
  }
}

/** The DataForSEO-shaped server as its own process (its CLI), with its URL, credentials and counters. */
async function startFixtureProcess(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [, url, login, password] = await new Promise<RegExpMatchArray>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const started = /at (\S+) login=(\S+) password=(\S+)/.exec(output);
      if (started) resolve(started);
    });
    child.once('exit', (code) => reject(new Error(`the DataForSEO fixture exited (${code}): ${output}`)));
  });
  return {
    url: url!,
    login: login!,
    password: password!,
    // Asked again once: a kept-alive connection the fixture closed just then fails the first try.
    stats: async () => {
      const read = async () =>
        (await (await fetch(`${url}${FIXTURE_STATS_PATH}`)).json()) as {
          received: number;
          rate_limited: number;
        };
      return read().catch(read);
    },
    close: () => child.kill(),
  };
}
