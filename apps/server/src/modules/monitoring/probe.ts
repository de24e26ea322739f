import { hostname, networkInterfaces } from 'node:os';
import { type MonitorRegion, PROBE_SILENT_BEATS, type RegionProbe } from '@sitelens/contracts';
import type { GuardedFetcher } from '@sitelens/engine';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database, QueryFn } from '../../db/client';
import { guardedFetcherFor } from '../../platform/fetcher';
import { deliverDue, notifierFromConfig } from '../notifications/deliveries';
import { type CheckOutcome, httpCheck, pageLoadCheck, pingCheck } from './checks';
import { updateOutages } from './outages';

export interface ProbeOptions {
  database: Database;
  fetcher: GuardedFetcher;
  /** The one region this probe serves: the place where it runs. */
  region: MonitorRegion;
  logger: Logger;
  /** Seconds between two uptime checks of a website at a region. */
  uptimeSeconds: number;
  /** Minutes between two page loads of a website at a region (default 15). */
  speedMinutes?: number;
  /** How often due checks are looked for (ms): a slot waits up to this long past its due time. */
  tickMs?: number;
  /** How long a taken slot is this probe's before another may take it again (s); longer than a check can take. */
  leaseSeconds?: number;
  /** Slots checked at once. */
  concurrency?: number;
  /** How long results wait to be written together (ms). */
  flushMs?: number;
  /** How often the probe says it is alive (ms; PROBE_BEAT_SECONDS by default). */
  beatMs?: number;
  /** Failing regions of a website that open an outage (OUTAGE_QUORUM_REGIONS). */
  outageQuorum?: number;
  ping?: (url: string) => Promise<CheckOutcome>;
  http?: (url: string) => Promise<CheckOutcome>;
  pageLoad?: (url: string) => Promise<CheckOutcome>;
  /** Called after a write that opened or closed outages (their notifications are queued, to be sent). */
  onOutageChange?: () => void;
  /** Told how late each slot was taken (ms), for a benchmark. */
  onTaken?: (lateMs: number) => void;
}

export interface Probe {
  readonly id: string;
  /** Stops taking slots, finishes and writes those under way, and reports its stop (no longer live). */
  stop(): Promise<void>;
}

/** How often a probe says it is alive, by default. */
export const PROBE_BEAT_SECONDS = 10;
/** SQL: the row of `probes` has not beaten for PROBE_SILENT_BEATS of its heartbeat periods. */
const SILENT = `probes.beat_at <= now() - make_interval(secs => (probes.beat_ms * ${PROBE_SILENT_BEATS} / 1000.0)::float8)`;
/** How often a probe adds the slots of new websites and regions, and drops removed ones. */
const SYNC_SECONDS = 30;
const FLUSH_AT = 500;
const LATENESS_KEPT = 2_000;

type Kind = 'uptime' | 'speed';
type Check = 'ping' | 'http' | 'page_load';

/** A taken slot: a website's uptime check or page load at a region, due at `dueAt`. */
interface Slot {
  websiteId: string;
  region: string;
  kind: Kind;
  url: string;
  dueAt: Date;
}

interface Written {
  slot: Slot;
  checkedAt: Date;
  outcomes: [Check, CheckOutcome][];
}

/**
 * Adds the slots of websites and regions these probes serve and that have none yet (first due at a
 * random moment of the coming period, so thousands of websites added at once do not fall due in
 * the same second), follows a changed homepage, and drops the slots of regions a website no longer
 * monitors. It touches only rows that change: an upsert of every slot would lock them all (ON
 * CONFLICT locks the row it meets even when it updates nothing), and on PostgreSQL that deadlocks
 * with a probe moving the same slots on in another order. Due times are whole milliseconds, so
 * they survive the round trip through a JS Date.
 */
export async function syncSchedule(
  query: QueryFn,
  regions: readonly string[],
  periods: { uptimeSeconds: number; speedSeconds: number },
) {
  await query(
    `insert into monitor_schedule (website_id, region, kind, organization_id, url, due_at)
     select w.id, r.region, k.kind, w.organization_id, w.homepage_url,
            date_trunc('milliseconds', now() + random() * make_interval(secs => k.period))
       from websites w
       cross join lateral jsonb_array_elements_text(coalesce(w.settings -> 'regions', '[]'::jsonb)) as r(region)
       cross join (values ('uptime', $2::float8), ('speed', $3::float8)) as k(kind, period)
      where r.region = any($1::text[])
        and not exists (select 1 from monitor_schedule s
                         where s.website_id = w.id and s.region = r.region and s.kind = k.kind)
     on conflict do nothing`,
    [regions, periods.uptimeSeconds, periods.speedSeconds],
  );
  await query(
    `update monitor_schedule s set url = w.homepage_url
       from websites w
      where w.id = s.website_id and s.region = any($1::text[]) and s.url is distinct from w.homepage_url`,
    [regions],
  );
  await query(
    `delete from monitor_schedule s
      where s.region = any($1::text[])
        and not exists (select 1 from websites w where w.id = s.website_id and w.settings -> 'regions' ? s.region)`,
    [regions],
  );
}

/**
 * The address this machine reaches others from when the database cannot tell (PGlite runs in this
 * process; a Unix socket has no address): its first non-internal IPv4, or null without one.
 */
export function machineAddress(): string | null {
  for (const addresses of Object.values(networkInterfaces()))
    for (const address of addresses ?? [])
      if (address.family === 'IPv4' && !address.internal) return address.address;
  return null;
}

/**
 * Starts a probe for its one region: every tick it takes the slots due there (leased, `skip
 * locked`, so probes of one region share the work and never take the same slot), pings and GETs
 * each website, and writes the results of many slots in one transaction that also moves each slot
 * to its next due time. A probe killed mid-check loses nothing (the lease runs out and the slot is
 * taken again) and duplicates nothing (one row per website, region, check and slot).
 */
export async function startProbe(options: ProbeOptions): Promise<Probe> {
  const { database, fetcher, region, logger, uptimeSeconds } = options;
  const beatMs = options.beatMs ?? PROBE_BEAT_SECONDS * 1000;
  const tickMs = options.tickMs ?? 250;
  const leaseSeconds = options.leaseSeconds ?? 90;
  const concurrency = options.concurrency ?? 200;
  const flushMs = options.flushMs ?? 500;
  const outageQuorum = options.outageQuorum ?? 1;
  const ping = options.ping ?? ((url: string) => pingCheck(fetcher, url));
  const http = options.http ?? ((url: string) => httpCheck(fetcher, url));
  const pageLoad = options.pageLoad ?? ((url: string) => pageLoadCheck(fetcher, url));
  const periods = { uptimeSeconds, speedSeconds: (options.speedMinutes ?? 15) * 60 };
  const id = crypto.randomUUID();

  let inFlight = 0;
  let checksDone = 0;
  const lateness: number[] = [];
  let pending: Written[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  let claiming = false;
  let flushing: Promise<void> = Promise.resolve();
  // The heartbeat under way: a stop waits for it, or it would write the row back after the stop removed it.
  let beating: Promise<unknown> = Promise.resolve();

  const beat = () => {
    const sorted = [...lateness].sort((a, b) => a - b);
    const p99 = sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]! : null;
    // Where it stands, at every beat: the address the database sees it connect from; the machine's
    // own when that tells nothing (none on PGlite or a Unix socket, loopback on the database's machine).
    return database.query(
      `insert into probes (id, region, host, address, pid, beat_ms, checks_done, late_ms_p99)
       values ($1, $2, $3,
               coalesce((select host(c.a) from (select inet_client_addr() as a) c
                          where not (c.a << inet '127.0.0.0/8' or c.a = inet '::1')), $4),
               $5, $6, $7, $8)
       on conflict (id) do update set beat_at = now(), host = excluded.host, address = excluded.address,
              checks_done = excluded.checks_done, late_ms_p99 = excluded.late_ms_p99
        where probes.stopped_at is null`,
      [
        id,
        region,
        hostname(),
        machineAddress(),
        process.pid,
        beatMs,
        checksDone,
        p99 === null ? null : Math.round(p99),
      ],
    );
  };

  async function write(unordered: Written[]) {
    if (unordered.length === 0) return;
    // One order for every writer's row locks (website, region, kind), so two never wait on each other in a circle.
    const batch = [...unordered].sort(
      (a, b) =>
        a.slot.websiteId.localeCompare(b.slot.websiteId) ||
        a.slot.region.localeCompare(b.slot.region) ||
        a.slot.kind.localeCompare(b.slot.kind),
    );
    const checks = batch.reduce((count, w) => count + w.outcomes.length, 0);
    const changes = await database.transaction(async (query) => {
      // A website deleted while it was checked has nowhere to keep its results: they are dropped, the
      // others written. The rows found are held (key share) until the end, so no delete comes between.
      const live = await query<{ id: string }>(
        'select id from websites where id = any($1::uuid[]) for key share',
        [[...new Set(batch.map((w) => w.slot.websiteId))]],
      );
      const kept = new Set(live.map((row) => row.id));
      const slots = batch.filter((w) => kept.has(w.slot.websiteId));
      const rows = slots.flatMap((w) => w.outcomes.map(([check, outcome]) => ({ w, check, outcome })));
      await query(
        `insert into monitor_results (website_id, region, "check", slot_at, checked_at, ok, value_ms, status, error, bytes, probe_id)
         select *, $11::uuid from unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[],
                                         $6::boolean[], $7::real[], $8::int[], $9::text[], $10::int[])
         on conflict do nothing`,
        [
          rows.map((r) => r.w.slot.websiteId),
          rows.map((r) => r.w.slot.region),
          rows.map((r) => r.check),
          rows.map((r) => r.w.slot.dueAt.toISOString()),
          rows.map((r) => r.w.checkedAt.toISOString()),
          rows.map((r) => r.outcome.ok),
          rows.map((r) => r.outcome.valueMs),
          rows.map((r) => r.outcome.status),
          rows.map((r) => r.outcome.error),
          rows.map((r) => r.outcome.bytes ?? null),
          id,
        ],
      );
      // The next slot after now: slots that fell due while no probe ran are not made up for.
      await query(
        `update monitor_schedule s
            set due_at = s.due_at + make_interval(secs => d.period * (floor(extract(epoch from now() - s.due_at) / d.period) + 1)),
                lease_until = null, leased_by = null
           from (select *, case when kind = 'uptime' then $5::float8 else $6::float8 end as period
                   from unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[]) as u(website_id, region, kind, due_at)) as d
          where s.website_id = d.website_id and s.region = d.region and s.kind = d.kind and s.due_at = d.due_at`,
        [
          slots.map((w) => w.slot.websiteId),
          slots.map((w) => w.slot.region),
          slots.map((w) => w.slot.kind),
          slots.map((w) => w.slot.dueAt.toISOString()),
          periods.uptimeSeconds,
          periods.speedSeconds,
        ],
      );
      return updateOutages(
        query,
        slots.map((w) => w.slot.websiteId),
        outageQuorum,
      );
    });
    checksDone += checks;
    if (changes > 0) options.onOutageChange?.();
  }

  const flush = () => {
    const batch = pending;
    pending = [];
    flushing = flushing
      .then(() => write(batch))
      .catch((error) =>
        logger.error(
          { err: error, slots: batch.length },
          'monitor results not written; their slots will be taken again',
        ),
      );
    return flushing;
  };

  async function check(slot: Slot) {
    const outcomes: [Check, CheckOutcome][] =
      slot.kind === 'uptime'
        ? await Promise.all([ping(slot.url), http(slot.url)]).then(([pinged, answered]) => [
            ['ping', pinged],
            ['http', answered],
          ])
        : [['page_load', await pageLoad(slot.url)]];
    pending.push({ slot, checkedAt: new Date(), outcomes });
    if (pending.length >= FLUSH_AT) void flush();
  }

  async function claim() {
    if (claiming || stopped || inFlight >= concurrency) return;
    claiming = true;
    try {
      const taken = await database.query<{
        website_id: string;
        region: string;
        kind: Kind;
        url: string;
        due_at: Date;
        late_ms: number;
      }>(
        `with due as (
           select website_id, region, kind from monitor_schedule
            where region = $1 and due_at <= now() and (lease_until is null or lease_until < now())
            order by due_at limit $2 for update skip locked)
         update monitor_schedule s set lease_until = now() + make_interval(secs => $3), leased_by = $4
           from due
          where s.website_id = due.website_id and s.region = due.region and s.kind = due.kind
         returning s.website_id, s.region, s.kind, s.url, s.due_at, (extract(epoch from now() - s.due_at) * 1000)::float8 as late_ms`,
        [region, concurrency - inFlight, leaseSeconds, id],
      );
      for (const row of taken) {
        lateness.push(row.late_ms);
        options.onTaken?.(row.late_ms);
        if (lateness.length > LATENESS_KEPT) lateness.shift();
        inFlight++;
        const run = check({
          websiteId: row.website_id,
          region: row.region,
          kind: row.kind,
          url: row.url,
          dueAt: new Date(row.due_at),
        })
          .catch((error) => logger.error({ err: error, website: row.website_id }, 'monitor check failed'))
          .finally(() => {
            inFlight--;
            running.delete(run);
          });
        running.add(run);
      }
    } catch (error) {
      logger.warn({ err: error }, 'taking due monitor slots failed');
    } finally {
      claiming = false;
    }
  }

  const sync = () =>
    syncSchedule(database.query, [region], periods).catch((error) =>
      logger.warn({ err: error }, 'monitor schedule sync failed'),
    );

  await beat();
  // This probe now answers for its region: the probes gone from it before are no longer its last report.
  await database.query(
    `delete from probes where region = $1 and id <> $2 and (stopped_at is not null or ${SILENT})`,
    [region, id],
  );
  await sync();
  const timers = [
    setInterval(() => void claim(), tickMs),
    setInterval(() => void flush(), flushMs),
    setInterval(() => void sync(), SYNC_SECONDS * 1000),
    setInterval(() => {
      beating = beat().catch((error) => logger.warn({ err: error }, 'probe heartbeat failed'));
    }, beatMs),
  ];
  void claim();
  logger.info({ probe: id, region }, 'probe started');

  return {
    id,
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
      await flush();
      await beating;
      // Kept as the region's last report until another probe of the region starts.
      await database.query('update probes set stopped_at = now(), beat_at = now() where id = $1', [id]);
    },
  };
}

/**
 * A probe as the server's settings make it: the guarded fetcher, MONITOR_UPTIME_SECONDS, and the
 * notifications of the outages it opens and closes sent at once (the minute's job retries).
 */
export function startProbeFromConfig(
  database: Database,
  config: Config,
  region: MonitorRegion,
  logger: Logger,
): Promise<Probe> {
  const notifier = notifierFromConfig(database, config, logger);
  let sending: Promise<unknown> = Promise.resolve();
  const sendNotifications = () => {
    sending = sending
      .then(() => deliverDue(notifier))
      .catch((error) => logger.warn({ err: error }, 'sending notifications failed'));
  };
  return startProbe({
    onOutageChange: sendNotifications,
    database,
    fetcher: guardedFetcherFor(config),
    region,
    logger: logger.child({ probe: region }),
    uptimeSeconds: config.MONITOR_UPTIME_SECONDS,
    speedMinutes: config.MONITOR_SPEED_MINUTES,
    outageQuorum: config.OUTAGE_QUORUM_REGIONS,
  });
}

/** Regions with a live probe: not stopped, and heard from within three of its beats. Any other region has "no probe in this region". */
export async function liveProbeRegions(query: QueryFn): Promise<Set<string>> {
  const rows = await query<{ region: string }>(
    `select distinct region from probes where stopped_at is null and not (${SILENT})`,
  );
  return new Set(rows.map((row) => row.region));
}

/**
 * Who measures each of these regions: its live probes, or, when none is live, the probe last heard
 * there, silent (stopped, or quiet for three of its beats). A region no probe ever served has none.
 */
export async function regionProbes(query: QueryFn, regions: readonly string[]): Promise<RegionProbe[]> {
  const rows = await query<Omit<RegionProbe, 'last_report_at'> & { last_report_at: Date }>(
    `select region, host, address, beat_at as last_report_at, (stopped_at is not null or ${SILENT}) as silent
       from probes where region = any($1::text[])
      order by region, silent, beat_at desc, host`,
    [regions],
  );
  return regions.flatMap((region) => {
    const here = rows.filter((row) => row.region === region);
    const live = here.filter((row) => !row.silent);
    return (live.length > 0 ? live : here.slice(0, 1)).map((row) => ({
      ...row,
      last_report_at: new Date(row.last_report_at).toISOString(),
    }));
  });
}
