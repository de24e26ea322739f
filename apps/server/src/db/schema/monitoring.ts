import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { createdAt } from './columns';
import { websites } from './websites';

/**
 * A probe process and the one region it serves, the place where it runs (`sitelens probe --region`,
 * or the embedded start's PROBE_REGIONS). It beats every few seconds with its host name and the
 * address it connects from; one silent for three of its beats (`beat_ms`), or stopped, measures
 * nothing, and its region says so with the probe last heard there, never as measured. A stopped
 * probe keeps its row as its region's last report until another probe of the region starts.
 */
export const probes = pgTable(
  'probes',
  {
    id: uuid().primaryKey(),
    region: text().notNull(),
    host: text().notNull(),
    /** The address the database sees the probe connect from, or the machine's first non-internal IPv4. */
    address: text(),
    pid: integer().notNull(),
    startedAt: createdAt(),
    beatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Its heartbeat period: silent for three of them, the probe is taken for gone. */
    beatMs: integer().notNull().default(10_000),
    stoppedAt: timestamp({ withTimezone: true }),
    /** Checks done since it started, and how late their slots were at the 99th percentile lately. */
    checksDone: integer().notNull().default(0),
    lateMsP99: integer('late_ms_p99'),
  },
  (t) => [index('probes_region_idx').on(t.region, t.beatAt)],
);

/**
 * When each of a website's checks is next due at each of its regions: the scheduler's whole state,
 * one row per website, region and kind ('uptime': ping and HTTP every MONITOR_UPTIME_SECONDS;
 * 'speed': a page load with its resources every MONITOR_SPEED_MINUTES).
 * A probe leases due rows (`lease_until`); the row moves to its next slot in the transaction that
 * writes the slot's results, so a probe killed mid-check leaves the slot to be taken again.
 */
export const monitorSchedule = pgTable(
  'monitor_schedule',
  {
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    region: text().notNull(),
    kind: text().$type<'uptime' | 'speed'>().notNull(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    leaseUntil: timestamp({ withTimezone: true }),
    leasedBy: uuid(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.region, t.kind] }),
    index('monitor_schedule_due_idx').on(t.region, t.dueAt),
  ],
);

/**
 * One check's result for one slot: written once (a slot run twice finds its row taken). `ok` is
 * the check's verdict (ping connected; HTTP answered below 400 without an error); `value_ms` the
 * connect or response time.
 */
export const monitorResults = pgTable(
  'monitor_results',
  {
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    region: text().notNull(),
    check: text().$type<'ping' | 'http' | 'page_load'>().notNull(),
    slotAt: timestamp({ withTimezone: true }).notNull(),
    checkedAt: timestamp({ withTimezone: true }).notNull(),
    /** The probe that measured it. */
    probeId: uuid().notNull(),
    ok: boolean().notNull(),
    valueMs: real(),
    status: integer(),
    /** A page load's bytes, HTML and resources. */
    bytes: integer(),
    error: text(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.region, t.check, t.slotAt] }),
    index('monitor_results_checked_idx').on(t.checkedAt),
  ],
);

/**
 * A website's outage: opened when its checks fail at a quorum of its regions (OUTAGE_QUORUM_REGIONS),
 * closed when they recover. `ended_at` null: under way (at most one per website); one that fails
 * again within 5 minutes of closing is reopened rather than a new one (the spec's merged gap).
 */
export const outages = pgTable(
  'outages',
  {
    id: uuid().primaryKey().defaultRandom(),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 'global' once every region of the website failed during it, else 'regional'. */
    scope: text().$type<'regional' | 'global'>().notNull(),
    /** Every region that failed during it. */
    regions: text().array().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outages_one_open_per_website').on(t.websiteId).where(sql`${t.endedAt} is null`),
    index('outages_website_started_idx').on(t.websiteId, t.startedAt),
  ],
);

/** The failed checks of an outage, kept with it (raw results go after 48 hours). */
export const outageEvents = pgTable(
  'outage_events',
  {
    outageId: uuid()
      .notNull()
      .references(() => outages.id, { onDelete: 'cascade' }),
    region: text().notNull(),
    type: text().$type<'ping' | 'loading_time'>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** A ping's false, or a page load's milliseconds (null when it failed before answering). */
    value: jsonb().$type<boolean | number | null>(),
    error: text(),
  },
  (t) => [primaryKey({ columns: [t.outageId, t.region, t.type, t.createdAt] })],
);

/**
 * Hourly and daily aggregates of the results (`period` 'hour' or 'day', `at` its start), kept 13
 * months while raw results go after 48 hours: what the speed chart reads beyond the last hours.
 */
export const monitorRollups = pgTable(
  'monitor_rollups',
  {
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    region: text().notNull(),
    check: text().$type<'ping' | 'http' | 'page_load'>().notNull(),
    period: text().$type<'hour' | 'day'>().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    checks: integer().notNull(),
    failures: integer().notNull(),
    minMs: real(),
    maxMs: real(),
    avgMs: real(),
    avgBytes: real(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.region, t.check, t.period, t.at] })],
);
