import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client';

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
// Any fixed number: every process that migrates takes this lock, so two starting at once take turns.
const MIGRATION_LOCK = 7_340_271;

/** Applies the committed migrations; already-applied ones are skipped, so it is safe at every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (!('connectionString' in database.queueConnection)) {
    // biome-ignore lint/suspicious/noExplicitAny: both drizzle drivers satisfy the migrator's contract
    await migratePglite(database.orm as any, { migrationsFolder });
    return;
  }
  // An advisory lock belongs to one session, so lock, migrate and unlock on one dedicated client.
  const client = new pg.Client({ connectionString: database.queueConnection.connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}
