import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('the embedded database', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'sitelens-client-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('creates a new folder in a process of its own: the server keeps a fraction of initdb’s memory', async () => {
    const dataDir = path.join(parent, 'data');
    const before = process.memoryUsage().rss;
    const database = await openDatabase({ dataDir });
    const grown = (process.memoryUsage().rss - before) / 1024 / 1024;
    await database.exec('create table kept (note text); insert into kept values ($$reopened$$)');
    const [settings] = await database.query<{ shared_buffers: string }>('show shared_buffers');
    await database.close();

    // Created in this process, initdb grew PGlite's heap to ~800 MB, which is never given back.
    expect(grown).toBeLessThan(400);
    expect(settings?.shared_buffers).toBe('32MB');
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    // Made beside its place and renamed into it: nothing half-made is left.
    expect(readdirSync(parent)).toEqual(['data']);

    const reopened = await openDatabase({ dataDir });
    expect(await reopened.query('select note from kept')).toEqual([{ note: 'reopened' }]);
    await reopened.close();
  });

  it('creates a new folder inside folders that do not exist yet', async () => {
    const dataDir = path.join(parent, 'nested', 'deeper', 'data');
    const database = await openDatabase({ dataDir });
    expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
    await database.close();
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  });
});
