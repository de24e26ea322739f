// `npm run bench -- <name> [--rounds N] [--seconds S]`: each benchmark measures its subject and a
// peer in the same run, alternating, and prints medians and the ratio.
import { parseArgs } from 'node:util';
import { benchApi } from './api';
import { benchApiList } from './api-list';
import { benchCheckup } from './checkup';
import { benchCheckupApi } from './checkup-api';
import { benchCrawl } from './crawl';
import { benchMonitoring } from './monitoring';
import { benchPageChecks } from './page-checks';
import { benchRankTracker } from './rank-tracker';
import { benchScale } from './scale';
import { benchSearchConsole } from './search-console';

const BENCHMARKS: Record<string, { about: string; rounds?: number; run(flags: Flags): Promise<void> }> = {
  api: {
    about: 'requests/s of the liveness probe GET /api/health/live against a bare Fastify hello-world',
    run: (flags) =>
      benchApi({ rounds: flags.rounds, seconds: flags.seconds, connections: flags.connections }),
  },
  'api-list': {
    about:
      'an authenticated paged list (archived overviews) on PGlite and PostgreSQL against Fastify + the same query',
    run: (flags) =>
      benchApiList({ rounds: flags.rounds, seconds: flags.seconds, connections: flags.connections }),
  },
  checkup: {
    about:
      'a full checkup (Chromium included) of a fixture page against Lighthouse 12, with the agreement table',
    run: (flags) => benchCheckup({ rounds: flags.rounds }),
  },
  'checkup-api': {
    about: 'time from POST /api/report to the last section, with and without Chromium, beside the CLI',
    run: (flags) => benchCheckupApi({ rounds: flags.rounds }),
  },
  crawl: {
    about:
      'URLs/s, peak memory and URLs found crawling a 1,000-page fixture site against linkinator 6 (3 rounds by default); then memory per URL crawling a 100,000-page site, which takes long (--no-large skips it, --large-pages N resizes it). --site <folder> crawls a folder of HTML served as it is instead, against wget --spider and linkinator 6: URLs, wall time, CPU per URL and peak memory, no large crawl',
    rounds: 3,
    run: (flags) =>
      benchCrawl({
        rounds: flags.rounds,
        large: !flags.noLarge,
        largePages: flags.largePages,
        postgres: flags.postgres,
        site: flags.site,
      }),
  },
  monitoring: {
    about:
      "N websites (--monitors 5000) checked every 60 s for --minutes 10 by the probe, against a naive setInterval + fetch monitor: CPU, lateness p50/p99, missed checks, the database's growth",
    run: (flags) => benchMonitoring({ monitors: flags.monitors, minutes: flags.minutes }),
  },
  'page-checks': {
    about:
      'every page check of the engine over every HTML page of --site <folder> (a real site, from memory, no browser, no link requests) against parsing the same pages: ms and CPU per page, the slowest page, the checks that cost most (3 rounds by default)',
    rounds: 3,
    run: (flags) => {
      if (!flags.site) throw new Error('page-checks needs --site <folder>');
      return benchPageChecks({ site: flags.site, rounds: flags.rounds });
    },
  },
  'rank-tracker': {
    about:
      "the daily position check of 10,000 tracked keywords (--keywords N) against the DataForSEO-shaped server's rate limit (--rate 5 requests/s, counted in sliding windows of --window 1 s): completion time against the limit, rate-limit answers, memory",
    run: (flags) =>
      benchRankTracker({ keywords: flags.keywords, rate: flags.rate, windowSeconds: flags.window }),
  },
  'search-console': {
    about:
      'the import of a generated Search Console property (--days 487, --rows-per-day 50000) on PostgreSQL against a plain INSERT of the same rows: wall time, rows/s, size per row; then the Search Performance read (28 days, the whole range) against a plain GROUP BY, p50/p99 of --rounds (20)',
    rounds: 20,
    run: (flags) =>
      benchSearchConsole({ days: flags.days, rowsPerDay: flags.rowsPerDay, rounds: flags.rounds }),
  },
  scale: {
    about:
      "the suite's former scale and time-budget cases (50,000 URLs, bodies 100,000 levels deep, timed checks) at full size against the same work at the suite's size: medians, their ratio beside the sizes', the old bounds as goals, every answer checked (3 rounds by default; --only audit,deep-bodies picks cases by name)",
    rounds: 3,
    run: (flags) => benchScale({ rounds: flags.rounds, only: flags.only }),
  },
};

interface Flags {
  rounds: number;
  seconds: number;
  connections: number;
  largePages: number;
  noLarge: boolean;
  postgres: boolean;
  keywords: number;
  rate: number;
  window: number;
  monitors: number;
  minutes: number;
  /** Days of the generated Search Console property, and its rows a day (search-console). */
  days: number;
  rowsPerDay: number;
  /** Names (or their beginnings) of the cases to run, where a benchmark has cases. */
  only?: string[];
  /** A folder to serve and crawl instead of a generated site (crawl). */
  site?: string;
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    'large-pages': { type: 'string', default: '100000' },
    'no-large': { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
    keywords: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '5' },
    window: { type: 'string', default: '1' },
    monitors: { type: 'string', default: '5000' },
    minutes: { type: 'string', default: '10' },
    days: { type: 'string', default: '487' },
    'rows-per-day': { type: 'string', default: '50000' },
    only: { type: 'string' },
    site: { type: 'string' },
  },
});

const name = positionals[0];
const benchmark = name ? BENCHMARKS[name] : undefined;
if (!benchmark) {
  if (name) console.error(`unknown benchmark: ${name}\n`);
  console.info(
    `usage: npm run bench -- <name> [--rounds 5] [--seconds 5] [--connections 20] [--no-large] [--large-pages 100000] [--postgres] [--keywords 10000] [--rate 5] [--window 1] [--monitors 5000] [--minutes 10] [--days 487] [--rows-per-day 50000] [--only name,…] [--site folder]\n`,
  );
  for (const [key, { about }] of Object.entries(BENCHMARKS)) console.info(`  ${key.padEnd(12)} ${about}`);
  process.exit(name ? 2 : 0);
}
const counts = {
  rounds: Number(values.rounds ?? benchmark.rounds ?? 5),
  seconds: Number(values.seconds),
  connections: Number(values.connections),
  largePages: Number(values['large-pages']),
  keywords: Number(values.keywords),
  rate: Number(values.rate),
  window: Number(values.window),
  monitors: Number(values.monitors),
  minutes: Number(values.minutes),
  days: Number(values.days),
  rowsPerDay: Number(values['rows-per-day']),
};
if (Object.values(counts).some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(
    '--rounds, --seconds, --connections, --large-pages, --keywords, --rate, --window, --monitors and --minutes must be positive integers',
  );
  process.exit(2);
}
await benchmark.run({
  ...counts,
  noLarge: values['no-large'],
  postgres: values.postgres,
  only: values.only?.split(',').filter(Boolean),
  site: values.site,
});
process.exit(0);
