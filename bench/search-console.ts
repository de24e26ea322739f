// `npm run bench -- search-console [--days 487] [--rows-per-day 50000] [--rounds 20]`: the import
// of a generated Search Console property (16 months of 50,000 rows a day by default) on PostgreSQL,
// through the job's own code and Google's client libraries, from a Google-shaped server in a
// process of its own; against a plain INSERT of the same rows into one plain table. Then the
// Search Performance screen's read (28 days and the whole range: totals, days, top 1,000 queries
// and pages) against a plain GROUP BY over the plain table, p50 and p99 of `--rounds` each.
// Reports wall time, rows/s and the database's size per row of the finest grain.

import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { AuthContext } from '@sitelens/server/src/http/authenticate';
import { importSearchConsole } from '@sitelens/server/src/modules/search-console/import';
import { searchPerformance } from '@sitelens/server/src/modules/search-console/performance';
import { addWebsite, createTestApp, registerUser, startTrial } from '@sitelens/server/src/test/app';
import pino from 'pino';
import { BENCH_DOMAIN, BENCH_PROPERTY, generatedRows } from './search-console-property';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROPERTY_SCRIPT = path.resolve(import.meta.dirname, 'search-console-property.ts');
const TABLES = [
  'search_console_rows',
  'search_console_query_days',
  'search_console_page_days',
  'search_console_segment_days',
  'search_console_days',
  'search_console_queries',
  'search_console_pages',
];
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

/** The property's server in its own process; resolves once it prints where it listens. */
async function startProperty(rowsPerDay: number, firstDay: string, lastDay: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', PROPERTY_SCRIPT, String(rowsPerDay), firstDay, lastDay],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [line] = await new Promise<string[]>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the property's server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (first) => resolve([first]));
  });
  const { url, key } = JSON.parse(line!) as { url: string; key: Record<string, string> };
  return { url, key, stop: () => child.kill('SIGTERM') };
}

export async function benchSearchConsole(options: { days: number; rowsPerDay: number; rounds: number }) {
  const lastDay = daysBefore(isoDay(new Date()), 2);
  const firstDay = daysBefore(lastDay, options.days - 1);
  const property = await startProperty(options.rowsPerDay, firstDay, lastDay);
  const keyFile = path.join(tmpdir(), `sitelens-bench-sa-${process.pid}.json`);
  writeFileSync(keyFile, JSON.stringify(property.key));
  process.env.TEST_DATABASE_URL = POSTGRES_URL;
  const t = await createTestApp({
    GOOGLE_SERVICE_ACCOUNT_FILE: keyFile,
    GOOGLE_API_URL: property.url,
    GOOGLE_OAUTH_URL: property.url,
  });
  try {
    const owner = await registerUser(t.app);
    await startTrial(t.app, owner);
    const { guid } = await addWebsite(t.app, owner, {
      domain: BENCH_DOMAIN,
      homepage_url: `https://${BENCH_DOMAIN}/`,
    });
    const inject = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: owner.auth, ...(payload ? { payload } : {}) });
    await inject('POST', `/api/search-console/${guid}/service-account`);
    await inject('PUT', `/api/search-console/${guid}/property`, { site_url: BENCH_PROPERTY });
    // Only the days of the run: a property of N days, whatever 16 months would hold.
    const [{ organization_id }] = (await t.database.query<{ organization_id: string }>(
      'select organization_id from websites where id = $1',
      [guid],
    )) as [{ organization_id: string }];
    console.info(
      `search-console: ${options.days} days × ${options.rowsPerDay.toLocaleString('en')} rows (${firstDay} – ${lastDay}), PostgreSQL ${POSTGRES_URL}`,
    );

    // The subject: the import, as the job runs it, Google's quota pace lifted (a local server).
    const importStart = performance.now();
    const importCpu = process.cpuUsage();
    const imported = await importSearchConsole(
      {
        database: t.database,
        google: t.app.deps.services.google,
        sealer: t.app.deps.services.sealer,
        logger: pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' }),
        queriesPerMinute: 1_000_000,
        now: () => new Date(Date.parse(`${lastDay}T12:00:00Z`) + 2 * 86_400_000),
      },
      guid,
    );
    const importMs = performance.now() - importStart;
    const { user, system } = process.cpuUsage(importCpu);
    const [{ rows }] = (await t.database.query<{ rows: number }>(
      'select count(*)::int as rows from search_console_rows where website_id = $1',
      [guid],
    )) as [{ rows: number }];
    const sizes = await t.database.query<{ name: string; bytes: number }>(
      `select relname as name, pg_total_relation_size(oid)::float8 as bytes from pg_class
        where relname = any($1::text[]) and relkind = 'r'`,
      [TABLES],
    );
    const importBytes = sizes.reduce((sum, table) => sum + table.bytes, 0);

    // The peer: the same rows, generated here without a round trip, into one plain table.
    await t.database.query(
      `create table bench_plain_rows (day date not null, query text, page text not null, country text not null,
         device text not null, clicks int not null, impressions int not null, position real not null)`,
    );
    const generate = generatedRows(options.rowsPerDay);
    const plainStart = performance.now();
    let plainRows = 0;
    for (let i = 0; i < options.days; i += 1) {
      const day = daysBefore(lastDay, i);
      const dayRows = generate(BENCH_PROPERTY, day);
      plainRows += dayRows.length;
      await t.database.query(
        `insert into bench_plain_rows select $1, * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::real[])`,
        [
          day,
          dayRows.map((row) => row.query),
          dayRows.map((row) => row.page),
          dayRows.map((row) => row.country),
          dayRows.map((row) => row.device),
          dayRows.map((row) => row.clicks),
          dayRows.map((row) => row.impressions),
          dayRows.map((row) => row.position),
        ],
      );
    }
    await t.database.query('create index on bench_plain_rows (day)');
    const plainMs = performance.now() - plainStart;
    const [{ bytes: plainBytes }] = (await t.database.query<{ bytes: number }>(
      `select pg_total_relation_size('bench_plain_rows')::float8 as bytes`,
    )) as [{ bytes: number }];
    await t.database.query('analyze');

    console.info(
      `\n import                          ${'rows'.padStart(12)} ${'wall'.padStart(10)} ${'rows/s'.padStart(10)} ${'size'.padStart(10)} ${'bytes/row'.padStart(10)}`,
    );
    const line = (label: string, count: number, ms: number, bytes: number) =>
      console.info(
        ` ${label.padEnd(31)} ${count.toLocaleString('en').padStart(12)} ${`${(ms / 1000).toFixed(1)} s`.padStart(10)} ${Math.round(
          count / (ms / 1000),
        )
          .toLocaleString('en')
          .padStart(10)} ${mb(bytes).padStart(10)} ${(bytes / count).toFixed(0).padStart(10)}`,
      );
    line(`Sitelens (${imported?.days ?? 0} days, all grains)`, rows, importMs, importBytes);
    line('plain INSERT, one table', plainRows, plainMs, plainBytes);
    // The Google-shaped server and PostgreSQL share the machine: the import's own process is this one.
    console.info(
      ` the import's process: ${((user + system) / 1e6).toFixed(1)} s of CPU, ${(((user + system) / 1e3 / rows) * 1000).toFixed(1)} µs a row`,
    );
    for (const table of sizes.sort((a, b) => b.bytes - a.bytes))
      console.info(`   ${table.name.padEnd(30)} ${mb(table.bytes).padStart(10)}`);

    // The screen's read against a plain GROUP BY, alternating, after a warm-up of each.
    const caller: AuthContext = {
      userId: owner.guid,
      email: owner.email,
      organizationId: organization_id,
      role: 'owner',
      sessionId: '',
    };
    const ranges = [
      { label: '28 days', start_date: daysBefore(lastDay, 27), end_date: lastDay },
      { label: `${options.days} days`, start_date: firstDay, end_date: lastDay },
    ];
    console.info(
      `\n read (${options.rounds} rounds)                ${'p50'.padStart(10)} ${'p99'.padStart(10)}`,
    );
    for (const range of ranges) {
      const subject = () => searchPerformance(t.database, caller, guid, range);
      const peer = () =>
        t.database.query(
          `select query, sum(clicks) as clicks, sum(impressions) as impressions,
                  sum(position * impressions) / nullif(sum(impressions), 0) as position
             from bench_plain_rows where day between $1 and $2 and query is not null
            group by query order by sum(clicks) desc, sum(impressions) desc limit 1000`,
          [range.start_date, range.end_date],
        );
      await subject();
      await peer();
      const times = { subject: [] as number[], peer: [] as number[] };
      for (let round = 0; round < options.rounds; round += 1) {
        for (const [side, run] of round % 2
          ? ([
              ['peer', peer],
              ['subject', subject],
            ] as const)
          : ([
              ['subject', subject],
              ['peer', peer],
            ] as const)) {
          const start = performance.now();
          await run();
          times[side].push(performance.now() - start);
        }
      }
      for (const side of ['subject', 'peer'] as const)
        console.info(
          ` ${`${range.label}, ${side === 'subject' ? 'Sitelens (whole answer)' : 'plain GROUP BY queries'}`.padEnd(40)} ${`${percentile(times[side], 50).toFixed(1)} ms`.padStart(10)} ${`${percentile(times[side], 99).toFixed(1)} ms`.padStart(10)}`,
        );
    }
  } finally {
    await t.close();
    property.stop();
  }
}
