import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

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

export async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const [code] = await once(child, 'exit');
  return code as number | null;
}

/** Polls until `condition` holds, failing with `what` after the timeout. */
export async function waitFor<T>(
  what: string,
  condition: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
