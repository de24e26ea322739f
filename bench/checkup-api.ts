import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSite } from '@sitelens/engine/testing/fixture-sites';
import { call, measure, median, type Served, serve, subscriber } from './lib';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Stands for "no Chromium on this machine": the browser checks are skipped, as on such a server. */
const NO_CHROMIUM = '/nonexistent/chromium';
/** The report page fetches sections five at a time (spec: section fetch concurrency). */
const CONCURRENCY = 5;

interface Timing {
  firstMs: number;
  lastMs: number;
}

/** An installation running `sitelens start` (API and workers, embedded database) with one subscriber. */
async function installation(chromiumPath: string, allow: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitelens-bench-'));
  const server = await serve(
    [path.join(ROOT, 'apps/server/bin/sitelens.js'), 'start'],
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HUMAN_CHECK: 'off',
      FETCH_ALLOW_PRIVATE: allow,
      CHROMIUM_PATH: chromiumPath,
      WEB_DIST: dataDir,
    },
    '/api/health',
  );
  const auth = await subscriber(server);
  return {
    server,
    auth,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * From `POST /api/report` to the last section's result, fetching sections as the report page does:
 * five at a time, each call waiting on the server until its section is ready (202 → ask again).
 */
async function timeReport(server: Served, auth: string, url: string): Promise<Timing> {
  const started = performance.now();
  const start = await call(server, 'POST', '/api/report', { url }, auth);
  if (start.status !== 200 && start.status !== 201) throw new Error(`POST /api/report: ${start.status}`);
  const { guid, sections } = start.json as { guid: string; sections: string[] };
  const queue = [...sections];
  let firstMs = 0;
  const lane = async () => {
    for (let key = queue.shift(); key; key = queue.shift()) {
      const answer = await call(server, 'GET', `/api/report/${guid}/${key}`, undefined, auth);
      if (answer.status === 202) {
        queue.push(key);
        continue;
      }
      if (answer.status !== 200) throw new Error(`section ${key}: ${answer.status}`);
      firstMs ||= performance.now() - started;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return { firstMs, lastMs: performance.now() - started };
}

/** The engine alone on the same page: the CLI's wall time, Node's start-up included. */
async function timeCli(url: string, env: Record<string, string>, browser: boolean): Promise<number> {
  const run = await measure(
    process.execPath,
    [
      path.join(ROOT, 'packages/engine/bin/sitelens-check.js'),
      url,
      '--json',
      ...(browser ? [] : ['--no-browser']),
    ],
    env,
  );
  if (run.code !== 0) throw new Error(`sitelens-check exited ${run.code}`);
  return run.wallMs;
}

/**
 * Time from `POST /api/report` to the last section for the well-made fixture page, on an
 * installation with Chromium and on one without, beside the engine's CLI on the same page.
 */
export async function benchCheckupApi({ rounds }: { rounds: number }): Promise<void> {
  const site = await startSite('well-made');
  const url = `${site.origin}/`;
  const withBrowser = await installation(CHROMIUM, site.allow);
  const without = await installation(NO_CHROMIUM, site.allow);
  const env = { FETCH_ALLOW_PRIVATE: site.allow, CHROMIUM_PATH: CHROMIUM };
  try {
    console.info(`checkup-api: ${rounds} rounds, alternating, on ${url}; warming up…`);
    await timeReport(withBrowser.server, withBrowser.auth, url);
    await timeReport(without.server, without.auth, url);
    const rows: { api: Timing; cli: number; apiLite: Timing; cliLite: number }[] = [];
    for (let i = 1; i <= rounds; i++) {
      const api = await timeReport(withBrowser.server, withBrowser.auth, url);
      const cli = await timeCli(url, env, true);
      const apiLite = await timeReport(without.server, without.auth, url);
      const cliLite = await timeCli(url, env, false);
      rows.push({ api, cli, apiLite, cliLite });
      console.info(
        ` round ${i}: API ${api.lastMs.toFixed(0)} ms (first section ${api.firstMs.toFixed(0)} ms), CLI ${cli.toFixed(0)} ms; without Chromium: API ${apiLite.lastMs.toFixed(0)} ms, CLI ${cliLite.toFixed(0)} ms`,
      );
    }
    const med = (pick: (r: (typeof rows)[number]) => number) => median(rows.map(pick));
    const lines = [
      ['with Chromium', med((r) => r.api.firstMs), med((r) => r.api.lastMs), med((r) => r.cli)],
      [
        'without Chromium',
        med((r) => r.apiLite.firstMs),
        med((r) => r.apiLite.lastMs),
        med((r) => r.cliLite),
      ],
    ] as const;
    console.info(
      `\n ${'median of'.padEnd(18)} ${'first section'.padStart(14)} ${'last section'.padStart(13)} ${'CLI (peer)'.padStart(11)} ${'ratio'.padStart(6)}`,
    );
    for (const [name, first, last, cli] of lines) {
      console.info(
        ` ${name.padEnd(18)} ${`${first.toFixed(0)} ms`.padStart(14)} ${`${last.toFixed(0)} ms`.padStart(13)} ${`${cli.toFixed(0)} ms`.padStart(11)} ${(last / cli).toFixed(2).padStart(6)}`,
      );
    }
    console.info(
      '\n ratio = API last section / CLI wall time (queue, database and HTTP over the engine alone)\n',
    );
  } finally {
    await withBrowser.stop();
    await without.stop();
    await site.close();
  }
}
