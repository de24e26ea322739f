import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitOf, type SitelensProcess, spawnSitelens } from './test/processes';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

describe('the sitelens CLI', () => {
  it('stops with one line naming a bad variable', async () => {
    const child = spawnSitelens(['start'], { PORT: 'eighty' });
    expect(await exitOf(child)).toBe(1);
    expect(child.output().trim()).toBe('Invalid configuration: PORT must be a number (got "eighty")');
  });

  it('prints its commands for help and refuses an unknown one', async () => {
    const help = spawnSitelens(['help'], {});
    expect(await exitOf(help)).toBe(0);
    expect(help.output()).toMatch(/start .*\n.*api .*\n.*worker .*\n.*migrate /s);
    const unknown = spawnSitelens(['serve'], {});
    expect(await exitOf(unknown)).toBe(2);
    expect(unknown.output()).toContain('Unknown command "serve"');
  });

  it('starts on PGlite, answers health, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sitelens-cli-'));
    const child = spawnSitelens(['start'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    try {
      const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, child);
      expect(health).toMatchObject({ status: 'ok', database: { kind: 'pglite' }, queue: { workers: true } });
      child.kill('SIGTERM');
      expect(await exitOf(child)).toBe(0);
      expect(child.output()).toContain('"msg":"stopped"');
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

async function waitForHealth(url: string, child: SitelensProcess): Promise<unknown> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sitelens exited early:\n${child.output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return await res.json();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no healthy answer from ${url}:\n${child.output()}`);
}
