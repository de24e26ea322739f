// `npm run bench -- monitoring [--monitors 5000] [--minutes 10]`: N websites monitored every 60 s
// from one region (ping and HTTP every minute, a page load every 15 minutes) by the product's probe
// on PGlite, in this process, against a farm of sites on 127.0.0.1 in another process; then the peer,
// a naive monitor (a setInterval and a fetch per website, results kept in memory), for as long.
// Reports CPU (share of the 2 cores), how late checks started (p50, p99), missed checks and, for
// the probe, the database's growth per hour. Goals: CPU <= 50 %, p99 <= 1 s, no missed checks.
// With TEST_DATABASE_URL the probe writes to a fresh database on that PostgreSQL, whose server
// processes' CPU is reported beside the probe's.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startProbe } from '@sitelens/server/src/modules/monitoring/probe';
import { guardedFetcherFor } from '@sitelens/server/src/platform/fetcher';
import { createTestApp, registerUser, startTrial } from '@sitelens/server/src/test/app';
import { createTestDatabase } from '@sitelens/server/src/test/db';
import pino from 'pino';
import { serve } from './lib';

const PERIOD_MS = 60_000;
const CORES = 2;
/** A slot due this long before the window's end must have been checked by then (above the HTTP check's timeout). */
const SETTLE_MS = 25_000;

interface Figures {
  cpuShare: number;
  lateP50: number;
  lateP99: number;
  checks: number;
  missed: number;
  growthMbPerHour?: number;
  /** PostgreSQL's server processes over the window, as a share of the cores. */
  postgresCpuShare?: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU time of this process over `ms` of wall time, as a share of the machine's cores. */
async function cpuOver<T>(ms: number, during: () => Promise<T>): Promise<{ share: number; value: T }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await during();
  await sleep(Math.max(0, ms - (performance.now() - started)));
  const used = process.cpuUsage(cpu);
  return { share: (used.user + used.system) / 1000 / (performance.now() - started) / CORES, value };
}

/** CPU seconds used so far by the machine's PostgreSQL server processes (from /proc). */
function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).startsWith('postgres')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / 100;
}

/**
 * Missed checks: slots that fell due in the window and were never checked. Slots follow each other
 * exactly one period apart (the schedule moves by the period, not by when a check ran), so a gap of
 * k periods between a website's consecutive results is k - 1 missed checks; a website whose last
 * result is more than a period before the window's end (less the time a check may take) missed the
 * slots after it, and one without any result missed all of them.
 */
function missedFromSlots(slotsBySite: Map<string, number[]>, sites: number, from: number, until: number) {
  let missed = (sites - slotsBySite.size) * Math.floor((until - from) / PERIOD_MS);
  for (const slots of slotsBySite.values()) {
    slots.sort((a, b) => a - b);
    for (let i = 1; i < slots.length; i++) missed += Math.round((slots[i]! - slots[i - 1]!) / PERIOD_MS) - 1;
    missed += Math.max(0, Math.floor((until - SETTLE_MS - slots.at(-1)!) / PERIOD_MS));
  }
  return missed;
}

async function runProbe(monitors: number, minutes: number, farmUrl: string): Promise<Figures> {
  const database = await createTestDatabase();
  const t = await createTestApp({}, undefined, database);
  const account = await registerUser(t.app);
  await startTrial(t.app, account);
  const [member] = await database.query<{ organization_id: string }>(
    'select organization_id from memberships where user_id = $1',
    [account.guid],
  );
  // The websites go in directly: the plan's limits are not what is measured here.
  await database.query(
    `insert into websites (organization_id, domain, homepage_url, settings)
     select $1, 'site-' || n || '.farm.example', $2 || '/site-' || n, '{"regions": ["us-east-1"]}'::jsonb
       from generate_series(1, $3) n`,
    [member!.organization_id, farmUrl, monitors],
  );
  const size = async () =>
    (
      await database.query<{ bytes: number }>(
        `select (pg_total_relation_size('monitor_results') + pg_total_relation_size('monitor_schedule')
               + pg_total_relation_size('monitor_rollups') + pg_total_relation_size('outages')
               + pg_total_relation_size('outage_events'))::float8 as bytes`,
      )
    )[0]!.bytes;
  const lateness: number[] = [];
  const probe = await startProbe({
    database,
    fetcher: guardedFetcherFor({ FETCH_ALLOW_PRIVATE: new URL(farmUrl).host, FETCH_CONNECT_TO: undefined }),
    region: 'us-east-1',
    logger: pino({ level: 'warn' }),
    uptimeSeconds: PERIOD_MS / 1000,
    onTaken: (ms) => lateness.push(ms),
  });
  // The first minute spreads the websites' first checks over the period; measure after it.
  await sleep(PERIOD_MS);
  lateness.length = 0;
  const before = await size();
  const postgresBefore = postgresCpuSeconds();
  const from = Date.now();
  const { share } = await cpuOver(minutes * PERIOD_MS, async () => {});
  const until = Date.now();
  const postgresUsed = postgresCpuSeconds() - postgresBefore;
  const grown = (await size()) - before;
  await probe.stop();
  // Each website's HTTP results from its last slot before the window to the window's end.
  const rows = await database.query<{ website_id: string; slot_ms: number }>(
    `select website_id, (extract(epoch from slot_at) * 1000)::float8 as slot_ms from monitor_results
      where "check" = 'http' and slot_at >= $1 and slot_at < $2`,
    [new Date(from - PERIOD_MS).toISOString(), new Date(until).toISOString()],
  );
  await t.close();
  const slotsBySite = new Map<string, number[]>();
  for (const row of rows)
    slotsBySite.set(row.website_id, [...(slotsBySite.get(row.website_id) ?? []), row.slot_ms]);
  return {
    cpuShare: share,
    lateP50: percentile(lateness, 0.5),
    lateP99: percentile(lateness, 0.99),
    checks: rows.filter((row) => row.slot_ms >= from).length,
    missed: missedFromSlots(slotsBySite, monitors, from, until),
    growthMbPerHour: ((grown / 2 ** 20) * 60) / minutes,
    postgresCpuShare: process.env.TEST_DATABASE_URL
      ? postgresUsed / ((until - from) / 1000) / CORES
      : undefined,
  };
}

/** The peer: a timer and a fetch per website, as a simple monitor does, results in memory. */
async function runNaive(monitors: number, minutes: number, farmUrl: string): Promise<Figures> {
  const lateness: number[] = [];
  const results: { at: number; status: number; ms: number }[] = [];
  let measuring = false;
  let checks = 0;
  const slotsBySite = new Map<string, number[]>();
  const timers: NodeJS.Timeout[] = [];
  for (let n = 1; n <= monitors; n++) {
    const url = `${farmUrl}/site-${n}`;
    let due = Date.now() + Math.random() * PERIOD_MS;
    const tick = () => {
      const now = Date.now();
      const slots = slotsBySite.get(url) ?? [];
      slots.push(due);
      slotsBySite.set(url, slots);
      if (measuring) {
        lateness.push(now - due);
        checks++;
      }
      due += PERIOD_MS;
      const started = performance.now();
      fetch(url, { signal: AbortSignal.timeout(20_000) })
        .then(async (response) => {
          await response.arrayBuffer();
          results.push({ at: now, status: response.status, ms: performance.now() - started });
        })
        .catch(() => results.push({ at: now, status: 0, ms: performance.now() - started }));
    };
    timers.push(
      setTimeout(() => {
        tick();
        timers.push(setInterval(tick, PERIOD_MS));
      }, due - Date.now()),
    );
  }
  await sleep(PERIOD_MS);
  measuring = true;
  const from = Date.now();
  const { share } = await cpuOver(minutes * PERIOD_MS, async () => {});
  measuring = false;
  const until = Date.now();
  for (const timer of timers) clearTimeout(timer);
  for (const [site, slots] of slotsBySite)
    slotsBySite.set(
      site,
      slots.filter((slot) => slot >= from - PERIOD_MS),
    );
  return {
    cpuShare: share,
    lateP50: percentile(lateness, 0.5),
    lateP99: percentile(lateness, 0.99),
    checks,
    missed: missedFromSlots(slotsBySite, monitors, from, until),
  };
}

export async function benchMonitoring(options: { monitors: number; minutes: number }): Promise<void> {
  const farm = await serve(
    ['--import', 'tsx', path.resolve(import.meta.dirname, 'monitor-farm.ts')],
    {},
    '/',
  );
  try {
    console.info(
      `monitoring: ${options.monitors} websites every 60 s for ${options.minutes} min (after a minute to settle)`,
    );
    const ours = await runProbe(options.monitors, options.minutes, farm.url);
    const naive = await runNaive(options.monitors, options.minutes, farm.url);
    const row = (name: string, f: Figures) =>
      console.info(
        `  ${name.padEnd(24)} cpu ${(f.cpuShare * 100).toFixed(1).padStart(5)} % of ${CORES} cores  late p50 ${f.lateP50.toFixed(0).padStart(5)} ms  p99 ${f.lateP99.toFixed(0).padStart(5)} ms  checks ${String(f.checks).padStart(7)}  missed ${String(f.missed).padStart(5)}${f.growthMbPerHour === undefined ? '' : `  database +${f.growthMbPerHour.toFixed(1)} MB/h`}`,
      );
    row(process.env.TEST_DATABASE_URL ? 'probe (PostgreSQL)' : 'probe (PGlite)', ours);
    if (ours.postgresCpuShare !== undefined)
      console.info(
        `  PostgreSQL server processes: cpu ${(ours.postgresCpuShare * 100).toFixed(1)} % of ${CORES} cores`,
      );
    row('naive setInterval+fetch', naive);
    console.info(
      `  cpu ratio probe/naive  ${(ours.cpuShare / naive.cpuShare).toFixed(2)}x (goals: cpu <= 50 %, p99 <= 1000 ms, missed 0)`,
    );
  } finally {
    await farm.stop();
  }
}
