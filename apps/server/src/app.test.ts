import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { type Queue, startQueue } from './jobs/queue';
import { createTestDatabase } from './test/db';

const logger = pino({ level: 'silent' });
let database: Database;
let queue: Queue;
let app: FastifyInstance;

function webDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitelens-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Sitelens</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  return dir;
}

beforeAll(async () => {
  database = await createTestDatabase();
  queue = await startQueue(database, { workers: false, schedules: false, logger });
  app = await buildApp({ config: loadConfig({ WEB_DIST: webDist() }), database, queue, logger });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await queue?.stop();
  await database?.close();
});

describe('GET /api/health/live', () => {
  it('answers ok with the version, touching neither the database nor the queue', async () => {
    // Start-up reads the database; it goes down once the app is up.
    let down = false;
    const refuse = () => Promise.reject(new Error('connection refused'));
    const broken: Database = {
      ...database,
      ping: () => (down ? refuse() : database.ping()),
      query: ((...args: Parameters<Database['query']>) =>
        down ? refuse() : database.query(...args)) as Database['query'],
    };
    const brokenQueue: Queue = { ...queue, counts: () => (down ? refuse() : queue.counts()) };
    const live = await buildApp({ config: loadConfig({}), database: broken, queue: brokenQueue, logger });
    down = true;
    try {
      const res = await live.inject({ url: '/api/health/live' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
      // The same process is not ready: the database does not answer.
      expect((await live.inject({ url: '/api/health/ready' })).statusCode).toBe(503);
    } finally {
      await live.close();
    }
  });
});

describe('GET /api/health/ready', () => {
  it('asks the database and the queue at most once a second, however many callers ask', async () => {
    let pings = 0;
    let counts = 0;
    const counted: Database = {
      ...database,
      ping: () => {
        pings++;
        return database.ping();
      },
    };
    const countedQueue: Queue = {
      ...queue,
      counts: () => {
        counts++;
        return queue.counts();
      },
    };
    const ready = await buildApp({ config: loadConfig({}), database: counted, queue: countedQueue, logger });
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          ready.inject({ url: i % 2 ? '/api/health' : '/api/health/ready' }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
      expect(answers[0]?.json()).toMatchObject({ status: 'ok', database: { ok: true }, queue: { ok: true } });
      expect({ pings, counts }).toEqual({ pings: 1, counts: 1 });

      await new Promise((resolve) => setTimeout(resolve, 1_050));
      expect((await ready.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
      expect({ pings, counts }).toEqual({ pings: 2, counts: 2 });
    } finally {
      await ready.close();
    }
  });
});

describe('GET /api/health', () => {
  it('reports the database and the queue as ok', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { ok: true, kind: database.kind },
      queue: { ok: true, workers: false, queued: 0, active: 0 },
    });
  });

  it('answers 503 degraded, naming the cause, when the database does not answer', async () => {
    const broken: Database = { ...database, ping: () => Promise.reject(new Error('connection refused')) };
    const degraded = await buildApp({ config: loadConfig({}), database: broken, queue, logger });
    try {
      const res = await degraded.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        database: { ok: false, detail: 'connection refused' },
        queue: { ok: true },
      });
    } finally {
      await degraded.close();
    }
  });
});

describe('GET /api/app-config', () => {
  it('gives the version and no contact link when none is configured', async () => {
    const res = await app.inject({ url: '/api/app-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      contact_email: null,
      human_check: { kind: 'altcha', site_key: null },
      billing_provider: 'sandbox',
      recurly_public_key: null,
    });
  });

  it('gives the configured contact e-mail', async () => {
    const configured = await buildApp({
      config: loadConfig({ CONTACT_EMAIL: 'help@agency.test' }),
      database,
      queue,
      logger,
    });
    try {
      expect((await configured.inject({ url: '/api/app-config' })).json().contact_email).toBe(
        'help@agency.test',
      );
    } finally {
      await configured.close();
    }
  });
});

describe('OpenAPI', () => {
  it('lists the routes in the JSON document', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(Object.keys(doc.paths['/api/health/live'].get.responses)).toEqual(['200']);
    expect(doc.paths['/api/health/ready'].get.responses['503']).toBeDefined();
  });

  it("lists every Deep Analysis call of the spec (dashboard document 7) and this product's own", async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const calls = [
      'get /import-sitemap',
      'post /import-sitemap',
      'get /on-page-seo/active',
      'post /on-page-seo/url',
      'post /on-page-seo/batch',
      'post /on-page-seo/domain',
      'get /on-page-seo/audit/structure',
      'get /on-page-seo/audit/domain/{w_guid}',
      'get /on-page-seo/audit/url/{w_guid}/{url_guid}',
      'get /on-page-seo/website-audit/overview/{w_guid}',
      'get /on-page-seo/website-failed-checks/{w_guid}',
      'get /on-page-seo/domain-checks/{w_guid}',
      'get /on-page-seo/seo-test',
      'get /on-page-seo/seo-test/{key}',
      'get /on-page-seo/affected-clusters/{w_guid}/{key}',
      'get /on-page-seo/affected-urls/{w_guid}/{cluster_guid}/{key}',
      'get /serviceable-url',
      'get /serviceable-url/{w_guid}/count',
      'get /serviceable-url/{w_guid}/cluster/{cluster_guid}',
      'post /serviceable-url/{w_guid}',
      'post /serviceable-url/{w_guid}/cluster/{cluster_guid}',
      'delete /serviceable-url/{w_guid}/{url_guid}',
      'get /url-cluster/{w_guid}',
      'post /url-cluster',
      'patch /url-cluster/{w_guid}/{cluster_guid}',
      'delete /url-cluster/{w_guid}/{cluster_guid}',
      // Beyond the spec: screenshots, the crawl comparison and the CSV exports.
      'get /url-cluster/{w_guid}/{cluster_guid}/screenshot',
      'get /on-page-seo/website-audit/screenshot/{w_guid}',
      'get /on-page-seo/crawl-comparison/{w_guid}',
      'get /serviceable-url/{w_guid}/export.csv',
      'get /on-page-seo/affected-urls/{w_guid}/{key}/export.csv',
    ];
    const missing = calls.filter((call) => {
      const [method, path] = call.split(' ') as [string, string];
      return !doc.paths[`/api${path}`]?.[method];
    });
    expect(missing).toEqual([]);
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const res = await app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('the web app', () => {
  it.each(['/', '/dashboard', '/analysis/report?guid=x', '/some/deep/path'])(
    'serves index.html for %s',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves built assets with a long cache life', async () => {
    const res = await app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['POST', '/dashboard'],
  ] as const)('answers %s %s with a JSON 404, not the app', async (method, url) => {
    const res = await app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('says plainly when the web app has not been built', async () => {
    const bare = await buildApp({
      config: loadConfig({ WEB_DIST: mkdtempSync(path.join(tmpdir(), 'sitelens-empty-')) }),
      database,
      queue,
      logger,
    });
    try {
      const res = await bare.inject({ url: '/dashboard' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
