import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type DatabaseKind = 'pglite' | 'postgres';
export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

/** pg-boss's database adapter: it runs its own SQL through this. */
export interface QueueSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export type QueryFn = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * A statement for the hottest reads (every signed-in request, the busiest lists): PostgreSQL parses
 * and plans it once per pooled connection instead of on every call, which under load was as much
 * CPU as running it. The text must be fixed, one per name; PGlite runs it as a plain query.
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

/** One database, embedded or server, behind the same surface for the ORM, pg-boss and health. */
export interface Database {
  kind: DatabaseKind;
  orm: Orm;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(text: string | PreparedStatement, params?: unknown[]): Promise<T[]>;
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (query: QueryFn) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters. */
  exec(script: string): Promise<void>;
  /** What pg-boss is given: its own pool on PostgreSQL, this connection on PGlite. */
  queueConnection: { connectionString: string } | { db: QueueSql };
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start other databases from. */
  dumpDataDir?(): Promise<Blob>;
}

export interface OpenOptions {
  /** A postgres:// URL; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite's folder; `:memory:` keeps it in memory. */
  dataDir: string;
  /** A PGlite data-directory tarball to start from (tests start from a migrated template). */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const query = async <T>(statement: string | PreparedStatement, params?: unknown[]) =>
    (
      await pool.query(
        typeof statement === 'string'
          ? { text: statement, values: params }
          : { name: statement.name, text: statement.text, values: params },
      )
    ).rows as T[];
  return {
    kind: 'postgres',
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(
          async (text, params) => (await client.query(text, params as unknown[])).rows,
        );
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    orm: drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Orm,
    query,
    exec: async (script) => {
      await pool.query(script);
    },
    queueConnection: { connectionString },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers is memory PGlite's WebAssembly heap takes at start
 * and never gives back (150 MB of RSS); the embedded database reads its files through the operating
 * system's cache all the same, so a smaller pool costs a crawl little (docs/benchmarks.md).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(options: OpenOptions): Promise<Database> {
  const inMemory = options.dataDir === ':memory:';
  if (!inMemory && !options.loadDataDir) await initialisePgliteDir(path.resolve(options.dataDir));
  if (!inMemory) mkdirSync(path.resolve(options.dataDir), { recursive: true });
  const client = new PGlite({
    ...(inMemory ? {} : { dataDir: path.resolve(options.dataDir) }),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await client.waitReady;
  const query = async <T>(statement: string | PreparedStatement, params?: unknown[]) =>
    (await client.query<T>(typeof statement === 'string' ? statement : statement.text, params)).rows;
  let closed = false;
  return {
    kind: 'pglite',
    transaction: (work) =>
      client.transaction((tx) => work(async (text, params) => (await tx.query(text, params)).rows as never)),
    orm: drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Orm,
    query,
    exec: async (script) => {
      await client.exec(script);
    },
    // pg-boss sends multi-statement scripts without parameters; PGlite runs those only through exec.
    queueConnection: {
      db: {
        async executeSql(text, values) {
          if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        },
      },
    },
    ping: async () => {
      await client.query('select 1');
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/**
 * Creates a new embedded database's folder in a process of its own. PGlite's initdb grows its
 * WebAssembly memory to ~800 MB, which a process never gives back: done in the server, the server
 * held it for as long as it ran (a reopened folder starts at ~180 MB). The folder is made beside
 * its place and renamed into it, so a process killed midway leaves no half-made database.
 */
async function initialisePgliteDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  // A folder with other files in it is PGlite's to judge, as before.
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const partial = `${dataDir}.initialising-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = new PGlite({ dataDir: ${JSON.stringify(partial)} });
await db.waitReady;
await db.close();`;
  try {
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      maxBuffer: 16 * 1024 * 1024,
    });
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(partial, dataDir);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}
