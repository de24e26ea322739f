import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { type Database, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { startQueue } from '../jobs/queue';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl
    ? createPostgresDatabase(serverUrl)
    : openDatabase({ dataDir: ':memory:', loadDataDir: await pgliteTemplate() });
}

async function createPostgresDatabase(serverUrl: string): Promise<Database> {
  const name = `sitelens_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: ':memory:' });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // A pool's end resolves before its sockets close: those still closing are let go first, or
      // the forced drop ends them with 'terminating connection', an uncaught error of the test run.
      for (let wait = 0; wait < 50; wait++) {
        const { rows } = await dropper.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/**
 * Starting PGlite and installing the schema costs seconds, so the first test file builds a migrated
 * data directory (tables and pg-boss's schema) and caches it on disk; each database starts from it.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `sitelens-pglite-template-${templateKey()}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);

  const database = await openDatabase({ dataDir: ':memory:' });
  await migrateDatabase(database);
  const queue = await startQueue(database, {
    workers: false,
    schedules: false,
    logger: pino({ level: 'silent' }),
  });
  await queue.stop();
  const dump = await database.dumpDataDir!();
  await database.close();

  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file); // atomic: a file building the same template at once just replaces it
  return dump;
}

/** Changes whenever the migrations or the database packages change. */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = path.resolve(import.meta.dirname, '../db/migrations');
  for (const file of readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(migrations, file)));
  }
  // The journal's timestamps decide which migrations count as applied.
  hash.update(readFileSync(path.join(migrations, 'meta/_journal.json')));
  for (const pkg of ['pg-boss', '@electric-sql/pglite', 'drizzle-orm']) {
    hash.update(readFileSync(path.join(resolvePackageDir(pkg), 'package.json')));
  }
  return hash.digest('hex').slice(0, 16);
}

function resolvePackageDir(name: string): string {
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, 'node_modules', name, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find ${name}`);
    dir = parent;
  }
  return path.join(dir, 'node_modules', name);
}
