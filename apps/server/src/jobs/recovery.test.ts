import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Report } from '@sitelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedCatalogue } from '../modules/sales/catalogue';
import { type Account, createTestApp, registerUser, startTrial } from '../test/app';
import {
  exitOf,
  freePort,
  type SitelensProcess,
  spawnSitelens,
  waitFor,
  waitForHealth,
} from '../test/processes';

const SECTIONS = ['meta-title', 'http-status-code', 'robots-txt', 'hsts', 'sitemap'];
const ROBOTS = 'User-agent: *\nAllow: /\n';

/**
 * A site whose robots.txt answers only once the test lets it (`answerRobots`), so a checkup of it
 * is caught half written however slowly the machine runs. (A robots.txt answering after 4 s let
 * a loaded run's checkup finish before the test looked.)
 */
let site: Server;
let origin: string;
let robotsHeld = true;
const answerRobots = () => {
  robotsHeld = false;
};
beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/robots.txt') {
      // Held: never answered (the first process dies waiting); the socket closes with it.
      if (!robotsHeld) response.end(ROBOTS);
      return;
    }
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      '<!doctype html><html lang="en"><head><title>Slow robots, quick page</title></head><body><h1>Hi</h1></body></html>',
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise((resolve) => {
      site.close(resolve);
      site.closeAllConnections();
    }),
);

/** Registers a user on the trial and starts a checkup, in the data folder, with no worker running. */
async function queueCheckup(dataDir: string): Promise<{ account: Account; guid: string }> {
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await seedCatalogue(database);
  const t = await createTestApp({ DATA_DIR: dataDir }, undefined, database);
  try {
    const account = await registerUser(t.app);
    await startTrial(t.app, account);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/report',
      headers: account.auth,
      payload: { url: `${origin}/`, sections: SECTIONS },
    });
    if (res.statusCode !== 201) throw new Error(`checkup not started: ${res.statusCode} ${res.body}`);
    return { account, guid: res.json().guid };
  } finally {
    await t.close();
  }
}

describe('the embedded process after a SIGKILL', () => {
  it('finishes the interrupted checkup within 60 s of its restart, each section written once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sitelens-recovery-'));
    const { account, guid } = await queueCheckup(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      HUMAN_CHECK: 'off',
      FETCH_ALLOW_PRIVATE: new URL(origin).host,
      CHECKUP_SECTION_WAIT_MS: '200',
    };
    const get = async <T = Record<string, unknown>>(url: string) => {
      const res = await fetch(`${base}${url}`, { headers: account.auth });
      return { status: res.status, body: res.status === 200 ? ((await res.json()) as T) : null };
    };
    const processes: SitelensProcess[] = [];
    try {
      // The first process writes the quick sections, then dies while robots.txt is on its way.
      const first = spawnSitelens(['start'], env);
      processes.push(first);
      await waitForHealth(`${base}/api/health`, first);
      const early = await waitFor(
        'the first section',
        async () => {
          const section = await get(`/api/report/${guid}/meta-title`);
          return section.status === 200 && section.body;
        },
        first,
      );
      expect((await get(`/api/report/v2?guid=${guid}`)).body?.status).toBe('running');
      first.kill('SIGKILL');
      await exitOf(first);
      answerRobots();

      const restarted = Date.now();
      const second = spawnSitelens(['start'], env);
      processes.push(second);
      await waitForHealth(`${base}/api/health`, second);
      const report = await waitFor(
        'the report to finish',
        async () => {
          const reply = await get<Pick<Report, 'status' | 'results'>>(
            `/api/report/v2?guid=${guid}&include=results`,
          );
          return reply.body?.status !== 'running' && (reply.body ?? false);
        },
        60_000,
      );
      const seconds = (Date.now() - restarted) / 1000;
      console.info(`recovery: the interrupted checkup finished ${seconds.toFixed(1)} s after the restart`);
      expect(seconds).toBeLessThan(60);
      expect(report.status).toBe('done');
      const results = report.results?.[`${origin}/`] ?? {};
      expect(Object.keys(results).sort()).toEqual([...SECTIONS].sort());
      // Written once: the section the first process stored is the one served, not a second run's.
      expect(results['meta-title']).toEqual(early);

      second.kill('SIGTERM');
      expect(await exitOf(second)).toBe(0);
      const database = await openDatabase({ dataDir });
      try {
        const jobs = await database.query<{ state: string; retry_count: number }>(
          "select state, retry_count from pgboss.job where name = 'checkup.run'",
        );
        expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
        const written = await database.query<{ section_key: string }>(
          'select section_key from report_sections s join report_targets t on t.id = s.target_id where t.report_id = $1',
          [guid],
        );
        expect(written.map((row) => row.section_key).sort()).toEqual([...SECTIONS].sort());
      } finally {
        await database.close();
      }
    } finally {
      for (const child of processes) child.kill('SIGKILL');
    }
  }, 150_000);
});
