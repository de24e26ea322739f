import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@sitelens/server/src/db/client';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PASSWORD, call, median, type Served, serve, subscriber } from './lib';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Where the benchmark may create and drop its own database; trust auth, as in CI. */
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DATABASE = 'sitelens_bench_list';
/** The month the list asks for: the benchmark's organization has 3 reports a day in it. */
const QUERY = '/api/report/v2/overviews?start_date=2026-10-01&end_date=2026-10-31';
const OTHER_ORGANIZATIONS = 200;

export interface ApiListOptions {
  rounds: number;
  seconds: number;
  connections: number;
}

interface Backend {
  name: 'PGlite' | 'PostgreSQL';
  /** What the product and the peer are started with. */
  env: Record<string, string>;
  /** The peer's own environment: on PGlite, a copy of the data folder (one process per folder). */
  peerEnv(): Record<string, string>;
  cleanup(): Promise<void>;
}

interface Sample {
  rps: number;
  p99: number;
}

/**
 * An authenticated paged list, the archived overviews of one month, through a real `sitelens api`
 * against a minimal Fastify handler running the same query on the same data, on PGlite and on
 * PostgreSQL, alternating, with `connections` concurrent connections.
 */
export async function benchApiList(options: ApiListOptions): Promise<void> {
  console.info(
    `api-list: GET ${QUERY}\n ${options.rounds} rounds of ${options.seconds} s, ${options.connections} connections, alternating\n`,
  );
  for (const backend of [pgliteBackend(), await postgresBackend()]) {
    if (!backend) continue;
    try {
      await benchOne(backend, options);
    } finally {
      await backend.cleanup();
    }
  }
}

async function benchOne(backend: Backend, { rounds, seconds, connections }: ApiListOptions) {
  const started = performance.now();
  const email = `bench-${Date.now()}@example.test`;
  // The product creates the schema and the account; the archive is then seeded beside it.
  let server = await startProduct(backend);
  await subscriber(server, email);
  await server.stop();
  const organizationId = await seed(backend, email);
  server = await startProduct(backend);
  const peer = await serve(
    ['--import', 'tsx', path.join(import.meta.dirname, 'peers/fastify-list.ts'), organizationId],
    backend.peerEnv(),
    QUERY,
  );
  try {
    const token = await signIn(server, email);
    const headers = { authorization: `Bearer ${token}` };
    const [ours, theirs] = await Promise.all([
      (await fetch(server.url + QUERY, { headers })).json(),
      (await fetch(peer.url + QUERY)).json(),
    ]);
    // Both sides must answer the same rows, or the comparison means nothing.
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) throw new Error('the product and the peer disagree');
    console.info(
      `${backend.name}: ${(ours as unknown[]).length} rows per answer; set up in ${((performance.now() - started) / 1000).toFixed(1)} s; warming up…`,
    );
    const sides = {
      sitelens: () => load(server.url + QUERY, headers, connections, seconds),
      'fastify+query': () => load(peer.url + QUERY, {}, connections, seconds),
    };
    await load(server.url + QUERY, headers, connections, 2);
    await load(peer.url + QUERY, {}, connections, 2);
    const results: Record<keyof typeof sides, Sample>[] = [];
    for (let round = 0; round < rounds; round++) {
      const order = Object.keys(sides) as (keyof typeof sides)[];
      if (round % 2) order.reverse();
      const result = {} as Record<keyof typeof sides, Sample>;
      for (const side of order) result[side] = await sides[side]();
      results.push(result);
    }
    printTable(backend.name, results);
  } finally {
    await server.stop();
    await peer.stop();
  }
}

async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  duration: number,
): Promise<Sample> {
  const result = await autocannon({ url, headers, connections, duration, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

function printTable(backend: string, results: Record<'sitelens' | 'fastify+query', Sample>[]) {
  const cell = (s: Sample) => `${s.rps.toFixed(0).padStart(7)} ${`${s.p99} ms`.padStart(8)}`;
  console.info(`\n ${backend}       ${'sitelens'.padEnd(16)} fastify+query   (req/s, p99)`);
  for (const [i, r] of results.entries())
    console.info(` ${String(i + 1).padStart(6)}  ${cell(r.sitelens)}  ${cell(r['fastify+query'])}`);
  const med = (side: 'sitelens' | 'fastify+query') => ({
    rps: median(results.map((r) => r[side].rps)),
    p99: median(results.map((r) => r[side].p99)),
  });
  const ours = med('sitelens');
  const theirs = med('fastify+query');
  console.info(` median  ${cell(ours)}  ${cell(theirs)}`);
  console.info(
    `\n ${backend}: ratio sitelens/peer (req/s medians) ${(ours.rps / theirs.rps).toFixed(3)}; goal on PostgreSQL ≥ 1,500 req/s with p99 ≤ 50 ms\n`,
  );
}

function pgliteBackend(): Backend {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitelens-bench-list-'));
  const peerDir = `${dataDir}-peer`;
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir },
    peerEnv() {
      cpSync(dataDir, peerDir, { recursive: true });
      return { DATA_DIR: peerDir };
    },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(peerDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on the local PostgreSQL, or null (with a word why) when there is none. */
async function postgresBackend(): Promise<Backend | null> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.info(`PostgreSQL: skipped, ${POSTGRES_ADMIN_URL} refused (${(error as Error).message})\n`);
    return null;
  }
  await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await admin.query(`create database ${BENCH_DATABASE}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${BENCH_DATABASE}`;
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    peerEnv: () => ({ DATABASE_URL: url.toString() }),
    async cleanup() {
      await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
      await admin.end();
    },
  };
}

function startProduct(backend: Backend): Promise<Served> {
  return serve(
    [path.join(ROOT, 'apps/server/bin/sitelens.js'), 'api'],
    {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sitelens-bench-unused-')),
      ...backend.env,
      NODE_ENV: 'production',
      // Its members start their trials with the sandbox's test card.
      BILLING_PROVIDER: 'sandbox',
      LOG_LEVEL: 'warn',
      HUMAN_CHECK: 'off',
    },
    '/api/health/ready',
  );
}

async function signIn(server: Served, email: string): Promise<string> {
  const session = await call(server, 'POST', '/api/auth', {
    user_name: email,
    password: BENCH_PASSWORD,
    recaptcha_token: '',
  });
  if (session.status !== 201) throw new Error(`sign-in failed: ${session.status}`);
  return (session.json as { access_token: string }).access_token;
}

/**
 * Two years of archive for the benchmark's organization (3 reports a day, each with a competitor),
 * and a year of one report a day for each of 200 other organizations, so the query must find one
 * organization's month among some 75,000 reports.
 */
async function seed(backend: Backend, email: string): Promise<string> {
  const database = await openDatabase({
    databaseUrl: backend.env.DATABASE_URL,
    dataDir: backend.env.DATA_DIR ?? ':memory:',
  });
  try {
    const [owner] = await database.query<{ organization_id: string }>(
      'select m.organization_id from users u join memberships m on m.user_id = u.id where u.email = $1',
      [email],
    );
    if (!owner) throw new Error('the registered user has no organization');
    await database.exec(`
      insert into users (email, password_hash, f_name, l_name)
        select 'other-' || i || '@example.test', '!', 'Other', 'Owner' from generate_series(1, ${OTHER_ORGANIZATIONS}) i;
      insert into organizations (name, owner_id)
        select 'Other ' || u.email, u.id from users u where u.email like 'other-%@example.test';
      insert into memberships (organization_id, user_id, role)
        select o.id, o.owner_id, 'owner' from organizations o join users u on u.id = o.owner_id
         where u.email like 'other-%@example.test';`);
    // The benchmark's organization: 2024-11-01 to 2026-10-31, 3 a day.
    await seedReports(database, `select '${owner.organization_id}'::uuid as id`, '2024-11-01', 3, true);
    await seedReports(
      database,
      `select o.id from organizations o join users u on u.id = o.owner_id where u.email like 'other-%@example.test'`,
      '2025-11-01',
      1,
      false,
    );
    await database.exec('analyze');
    return owner.organization_id;
  } finally {
    await database.close();
  }
}

async function seedReports(
  database: Awaited<ReturnType<typeof openDatabase>>,
  organizations: string,
  from: string,
  perDay: number,
  withCompetitor: boolean,
): Promise<void> {
  await database.exec(`
    create temporary table seeded as
      select gen_random_uuid() as id, o.id as organization_id,
             'https://shop' || (n % 7) || '.example.com/page-' || (n % 40) as url,
             d + make_interval(mins => n * 17) as created_at, n
        from (${organizations}) o,
             generate_series('${from}'::timestamptz, '2026-10-31'::timestamptz, interval '1 day') d,
             generate_series(1, ${perDay}) n;
    insert into reports (id, organization_id, url, sections, status, created_at, finished_at, saved_at)
      select id, organization_id, url, '[]'::jsonb, 'done', created_at, created_at, created_at from seeded;
    insert into report_targets (report_id, url, role, position, status, overview, finished_at)
      select id, url, 'main', 0, 'done',
             jsonb_build_object('score', 40 + (n * 13) % 60, 'passed', 50 + n % 30, 'warning', 10 + n % 9,
                                'failed', 5 + n % 11, 'has_all_sections', true),
             created_at
        from seeded;
    ${
      withCompetitor
        ? `insert into report_targets (report_id, url, role, position, status, overview, finished_at)
      select id, 'https://rival.example.net/', 'competitor', 1, 'done',
             jsonb_build_object('score', 55, 'passed', 60, 'warning', 12, 'failed', 9, 'has_all_sections', true),
             created_at
        from seeded;`
        : ''
    }
    drop table seeded;`);
}
