// The peer of the `api-list` benchmark: the same Fastify, the same query and row mapping as the
// product's archived overviews, on the same data, with nothing around it: no sign-in, no schema,
// no hooks.
// PostgreSQL through a pg pool of the product's size (DATABASE_URL), else PGlite (DATA_DIR).
import { PGlite } from '@electric-sql/pglite';
import {
  OVERVIEWS_SQL,
  type OverviewsSqlRow,
  overviewRow,
} from '@sitelens/server/src/modules/checkup/overviews-query';
import Fastify from 'fastify';
import pg from 'pg';

// The organization whose archive is listed: the one the benchmark signs in as.
const organizationId = process.argv[2];
if (!organizationId) throw new Error('usage: fastify-list.ts <organization id>');

let query: (params: unknown[]) => Promise<OverviewsSqlRow[]>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  query = async (params) => (await pool.query<OverviewsSqlRow>(OVERVIEWS_SQL, params)).rows;
} else {
  const db = new PGlite({ dataDir: process.env.DATA_DIR });
  await db.waitReady;
  query = async (params) => (await db.query<OverviewsSqlRow>(OVERVIEWS_SQL, params)).rows;
}

const app = Fastify({ logger: false });
app.get<{ Querystring: { start_date: string; end_date: string } }>(
  '/api/report/v2/overviews',
  async (request) => {
    const rows = await query([
      organizationId,
      'main',
      request.query.start_date,
      request.query.end_date,
      null,
    ]);
    return rows.map(overviewRow);
  },
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
