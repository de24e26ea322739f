import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitOf, freePort, PROCESS_TEST_MS, spawnSitelens, waitForHealth } from './test/processes';

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

  it('refuses a probe for more than one region: one `sitelens probe --region` per place', async () => {
    for (const args of [
      ['probe', '--region', 'us-east-1,eu-west-1'],
      ['probe', '--region', 'us-east-1', '--region', 'eu-west-1'],
    ]) {
      const child = spawnSitelens(args, {});
      expect(await exitOf(child)).toBe(2);
      expect(child.output()).toContain(
        'A probe serves one region, the place where it runs (got us-east-1, eu-west-1): start one `sitelens probe --region <code>` on a machine in each region.',
      );
      // Refused before a database was opened.
      expect(child.output()).not.toContain('database opened');
    }
    const none = spawnSitelens(['probe'], {});
    expect(await exitOf(none)).toBe(2);
    expect(none.output()).toContain('Name the region this probe serves: sitelens probe --region <code>.');
  });

  it(
    'starts on PGlite, answers health, and stops cleanly on SIGTERM',
    async () => {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sitelens-cli-'));
      const child = spawnSitelens(['start'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
      try {
        const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, child);
        expect(health).toMatchObject({
          status: 'ok',
          database: { kind: 'pglite' },
          queue: { workers: true },
        });
        child.kill('SIGTERM');
        expect(await exitOf(child)).toBe(0);
        expect(child.output()).toContain('"msg":"stopped"');
      } finally {
        child.kill('SIGKILL');
      }
    },
    // A first start migrates an empty data folder: about 11 s on a quiet machine, over 45 s in a
    // loaded run.
    PROCESS_TEST_MS,
  );

  it('stops cleanly on a SIGTERM sent the moment its port opens', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sitelens-cli-'));
    const child = spawnSitelens(['start'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    try {
      // As an orchestrator does once the port answers: the signal comes before the start has ended.
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Server listening at')) child.kill('SIGTERM');
      });
      expect(await exitOf(child)).toBe(0);
      expect(child.signalCode).toBeNull();
      expect(child.output()).toContain('"msg":"stopped"');
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
