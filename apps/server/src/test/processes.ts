import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

const BIN = path.resolve(import.meta.dirname, '../../bin/sitelens.js');

export type SitelensProcess = ChildProcess & { output(): string };

/** Runs the real `sitelens` CLI as another process, collecting what it prints. */
export function spawnSitelens(args: string[], env: Record<string, string>): SitelensProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return Object.assign(child, { output: () => output });
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export async function exitOf(child: ChildProcess): Promise<number | null> {
  if (exited(child)) return child.exitCode;
  const [code] = await once(child, 'exit');
  return code as number | null;
}

/**
 * The timeout of a test that starts `sitelens` processes and waits for their work by `readyOf` and
 * `waitFor(…, child)`: it bounds only a process that hangs, since a start on a loaded machine takes
 * several times its quiet 2–10 s.
 */
export const PROCESS_TEST_MS = 120_000;

/**
 * Waits until the process prints `line` (its readiness), failing with its output if it exits
 * first. No bound of its own: a start takes what the machine gives it (the test's timeout bounds
 * it), where a 20 s bound failed a loaded run whose worker was starting, not stuck.
 */
export async function readyOf(child: SitelensProcess, line: string): Promise<void> {
  await waitFor(`'${line}'`, async () => child.output().includes(line), child);
}

/**
 * Polls until `condition` holds. `bound`: the milliseconds to fail after, for work of this process;
 * or the child process doing the work: then it fails at once if that process exits, and otherwise
 * waits what the machine takes (the test's timeout bounds it), as `readyOf` does for a start.
 */
export async function waitFor<T>(
  what: string,
  condition: () => Promise<T | undefined | false>,
  bound: number | SitelensProcess = 20_000,
): Promise<T> {
  const deadline = typeof bound === 'number' ? Date.now() + bound : Number.POSITIVE_INFINITY;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    if (typeof bound !== 'number' && exited(bound))
      throw new Error(`sitelens exited before ${what}:\n${bound.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A loopback port free at the time of asking. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * Waits for a started process's health answer, failing at once if the process exits; bounded by the
 * test's timeout, not its own: a start on a starved machine took over 45 s in a loaded run.
 */
export async function waitForHealth(url: string, child: SitelensProcess): Promise<unknown> {
  return waitFor(
    `a healthy answer from ${url}`,
    async () => {
      try {
        const res = await fetch(url);
        return res.ok && ((await res.json()) as unknown);
      } catch {
        return false; // not listening yet
      }
    },
    child,
  );
}

/**
 * What pg-boss's supervisor does to active jobs whose worker vanished, without waiting minutes for
 * it: the jobs `where` selects (a condition on pgboss.job) are backdated, then expired.
 */
export async function expireJobs(
  database: Database,
  databaseUrl: string,
  where: string,
  params: unknown[] = [],
): Promise<void> {
  await database.query(`update pgboss.job set started_on = now() - interval '1 day' where ${where}`, params);
  const boss = new PgBoss({
    connectionString: databaseUrl,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  await boss.expire();
  await boss.stop({ graceful: false });
}
