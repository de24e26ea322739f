import type { DomainSetupOutput, WebsiteSettings, WebsiteStatus } from '@sitelens/contracts';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { bytea, createdAt } from './columns';

/** A tracked website: one domain of an organization, the spine every later area hangs off. */
export const websites = pgTable(
  'websites',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Normalised by `normaliseDomain`: lower-case, no scheme, port, path or leading www. */
    domain: text().notNull(),
    homepageUrl: text().notNull(),
    status: text().$type<WebsiteStatus>().notNull().default('new'),
    /** Why a background setup failed, in the spec's words. */
    error: text(),
    settings: jsonb().$type<WebsiteSettings>().notNull(),
    /** Sitemaps the domain setup found, for Deep Analysis to import. */
    sitemapUrls: jsonb().$type<string[]>().notNull().default([]),
    importSitemapsStartedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    // One website per domain per organization; also what makes concurrent adds of one domain safe.
    uniqueIndex('websites_organization_domain_unique').on(t.organizationId, t.domain),
    index('websites_organization_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Keywords tracked for a website in its market; the keywords area reads them. */
export const websiteKeywords = pgTable(
  'website_keywords',
  {
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Denormalised so max_keywords counts the organization's keywords in one indexed query. */
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    keyword: text().notNull(),
    locationName: text().notNull(),
    languageCode: text().notNull(),
    /** The order the keywords were given in. */
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    /** Search volume and cost per click from the data provider, and when they were read. */
    searchVolume: integer(),
    cpc: doublePrecision(),
    metricsAt: timestamp({ withTimezone: true }),
    /** After a failed position lookup: when it is tried again, and why it failed (for the log and the screen). */
    retryAt: timestamp({ withTimezone: true }),
    lastError: text(),
  },
  (t) => [
    uniqueIndex('website_keywords_unique').on(t.websiteId, t.keyword, t.locationName, t.languageCode),
    index('website_keywords_organization_idx').on(t.organizationId),
  ],
);

/** One domain-setup run (spec: Domain setup process); its sitemaps go to the website made from it. */
export const domainSetups = pgTable(
  'domain_setups',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    domain: text().notNull(),
    /**
     * Set for a background setup: the website it fills in. No foreign key: a setup that could not
     * reach its site removes the website and keeps answering for its guid (setup-status).
     */
    websiteId: uuid(),
    status: text().$type<'running' | 'completed'>().notNull().default('running'),
    output: jsonb().$type<DomainSetupOutput>(),
    sitemapUrls: jsonb().$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('domain_setups_organization_domain_idx').on(t.organizationId, t.domain, t.createdAt),
    index('domain_setups_website_id_idx').on(t.websiteId),
    index('domain_setups_user_id_idx').on(t.userId),
  ],
);

/** A website's icon as fetched from the site itself; `body` null means the site has none. */
export const websiteFavicons = pgTable('website_favicons', {
  websiteId: uuid()
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  contentType: text(),
  body: bytea(),
  sourceUrl: text(),
  bytes: integer().notNull().default(0),
  fetchedAt: createdAt(),
});

/** Product events the wizards record (skip_onboarding, finish_onboarding); kept in our database only. */
export const productEvents = pgTable(
  'product_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    websiteId: uuid().references(() => websites.id, { onDelete: 'cascade' }),
    eventType: text().notNull(),
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_events_organization_idx').on(t.organizationId, t.createdAt),
    index('product_events_user_idx').on(t.userId),
    index('product_events_website_idx').on(t.websiteId),
  ],
);
