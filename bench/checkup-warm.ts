// A kept-warm checkup process, as the server's workers run checkups: one Node process, one
// Chromium kept warm by the engine's browser pool, a fresh browser context per checkup. Run as
// `node --import tsx bench/checkup-warm.ts` it reads one `{ url, browser }` JSON line per checkup on stdin and answers each
// with a JSON line; `startWarmCheckups` runs it and times each checkup from the outside.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  ALLOW_PRIVATE_VARIABLE,
  createBrowserPool,
  createGuardedFetcher,
  parseAllowPrivate,
  runCheckup,
} from '@sitelens/engine';
import { treeRssKb } from './lib';

export interface WarmRun {
  wallMs: number;
  /** Peak summed RSS of the process and its descendants (Chromium included) during the checkup. */
  peakMb: number;
  durationMs: number;
  statuses: Record<string, string>;
}

/** Starts the warm process; each `run` is one checkup, timed and sampled like bench/lib's `measure`. */
export function startWarmCheckups(env: Record<string, string>): {
  run(url: string, browser?: boolean): Promise<WarmRun>;
  stop(): Promise<void>;
} {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const answers = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    async run(url, browser = true) {
      let peak = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, treeRssKb(child.pid!));
      }, 50);
      const started = performance.now();
      child.stdin!.write(`${JSON.stringify({ url, browser })}\n`);
      const { value, done } = await answers.next();
      const wallMs = performance.now() - started;
      clearInterval(sampler);
      if (done) throw new Error('the warm checkup process ended');
      const answer = JSON.parse(value) as
        | { durationMs: number; statuses: Record<string, string> }
        | { error: string };
      if ('error' in answer) throw new Error(answer.error);
      return { wallMs, peakMb: peak / 1024, ...answer };
    },
    async stop() {
      child.stdin!.end();
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** The warm process itself. */
async function serveCheckups(): Promise<void> {
  const fetcher = createGuardedFetcher({
    allowPrivate: parseAllowPrivate(process.env[ALLOW_PRIVATE_VARIABLE] ?? ''),
  });
  const browserPool = createBrowserPool({
    fetcher,
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  for await (const line of createInterface({ input: process.stdin })) {
    try {
      const { url, browser } = JSON.parse(line) as { url: string; browser: boolean };
      const report = await runCheckup({ url, fetcher, browserPool, browser });
      const statuses = Object.fromEntries(report.results.map((result) => [result.key, result.status]));
      process.stdout.write(`${JSON.stringify({ durationMs: report.durationMs, statuses })}\n`);
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
    }
  }
  await browserPool.close();
}

if (process.argv[1] === import.meta.filename) await serveCheckups();
