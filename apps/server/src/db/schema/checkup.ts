import type { ReportOverview } from '@sitelens/contracts';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { bytea, createdAt, urlHash } from './columns';
import { websites } from './websites';

export type ReportStatus = 'running' | 'done' | 'failed';

/** One SEO Checkup run: the main URL and its competitors, the sections asked for. */
export const reports = pgTable(
  'reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    url: text().notNull(),
    /** The tracked website whose wizard started it; deleting the website deletes it. */
    websiteId: uuid().references(() => websites.id, { onDelete: 'cascade' }),
    /** Who started it: onboarding_wizard, add_tracked_website_wizard, or null for the checkup form. */
    source: text(),
    sections: jsonb().$type<string[]>().notNull(),
    status: text().$type<ReportStatus>().notNull().default('running'),
    error: text(),
    /** Set by `POST /report/v2/save`; archived overviews list saved reports. */
    savedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('reports_organization_created_idx').on(t.organizationId, t.createdAt),
    index('reports_organization_url_idx').on(t.organizationId, urlHash(t.url)),
    index('reports_user_id_idx').on(t.userId),
    index('reports_website_id_idx').on(t.websiteId),
  ],
);

/** The main URL or one competitor of a report, with its overview once finished. */
export const reportTargets = pgTable(
  'report_targets',
  {
    id: uuid().primaryKey().defaultRandom(),
    reportId: uuid()
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    role: text().$type<'main' | 'competitor'>().notNull(),
    position: integer().notNull(),
    status: text().$type<ReportStatus>().notNull().default('running'),
    error: text(),
    finalUrl: text(),
    overview: jsonb().$type<ReportOverview>(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('report_targets_report_url_unique').on(t.reportId, urlHash(t.url))],
);

/** One check's result for one target, written as the engine produces it; written once. */
export const reportSections = pgTable(
  'report_sections',
  {
    targetId: uuid()
      .notNull()
      .references(() => reportTargets.id, { onDelete: 'cascade' }),
    sectionKey: text().notNull(),
    status: text().$type<'passed' | 'warning' | 'failed' | 'skipped'>().notNull(),
    result: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('report_sections_target_section_unique').on(t.targetId, t.sectionKey)],
);

/** The mobile screenshot of a target, served as its `snapshot_url`. */
export const reportSnapshots = pgTable('report_snapshots', {
  targetId: uuid()
    .primaryKey()
    .references(() => reportTargets.id, { onDelete: 'cascade' }),
  png: bytea().notNull(),
  createdAt: createdAt(),
});

/** A measured pass rate of a check over a list of sites (`sitelens pass-rates`). */
export const passRates = pgTable(
  'pass_rates',
  {
    sectionKey: text().notNull(),
    rate: real().notNull(),
    sites: integer().notNull(),
    measuredOn: date({ mode: 'string' }).notNull(),
    /** The site list's name (`--name`, else its file's name); null for rates stored before it was kept. */
    sampleName: text(),
  },
  (t) => [uniqueIndex('pass_rates_section_measured_unique').on(t.sectionKey, t.measuredOn)],
);
