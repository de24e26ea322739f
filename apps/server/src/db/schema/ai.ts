import type { AiProcessStatus } from '@sitelens/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { createdAt } from './columns';
import { websites } from './websites';

/**
 * One AI content analysis or LLM visibility analysis of a tracked website's domain (spec 3, 4):
 * a process while pending or running, a stored result once completed or failed.
 */
export const aiAnalyses = pgTable(
  'ai_analyses',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    kind: text().$type<'content' | 'visibility'>().notNull(),
    domain: text().notNull(),
    status: text().$type<AiProcessStatus>().notNull().default('pending'),
    /** The contract's output, written once, when the process ends. */
    output: jsonb(),
    createdAt: createdAt(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One active process per website and kind: a second start answers the running one.
    uniqueIndex('ai_analyses_one_active')
      .on(t.websiteId, t.kind)
      .where(sql`status in ('pending', 'running')`),
    index('ai_analyses_website_kind_created_idx').on(t.websiteId, t.kind, t.createdAt),
  ],
);

/**
 * Every call to a language model, for the tokens each organization uses in a month and its cap.
 * A call books its worst case (`reserved`) before it leaves and its real use when it answers.
 */
export const llmCalls = pgTable(
  'llm_calls',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    engine: text().notNull(),
    model: text().notNull(),
    /** What the call was for, e.g. `content.report` or `visibility.answer`. */
    purpose: text().notNull(),
    status: text().$type<'reserved' | 'done' | 'failed'>().notNull(),
    promptTokens: integer().notNull().default(0),
    completionTokens: integer().notNull().default(0),
    /** Tokens counted against the cap: the booking while reserved, then the real total. */
    tokens: integer().notNull(),
    error: text(),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('llm_calls_organization_created_idx').on(t.organizationId, t.createdAt)],
);
