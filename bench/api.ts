import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { report, serve } from './lib';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface ApiOptions {
  rounds: number;
  seconds: number;
  connections: number;
}

/** Requests per second of `/api/health` (database and queue checked) against a bare Fastify hello-world. */
export async function benchApi({ rounds, seconds, connections }: ApiOptions): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitelens-bench-'));
  const subject = await serve(
    [path.join(ROOT, 'apps/server/bin/sitelens.js'), 'api'],
    { DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    '/api/health',
  );
  const peer = await serve(
    ['--import', 'tsx', path.join(import.meta.dirname, 'peers/fastify-hello.ts')],
    {},
    '/api/health',
  );
  const measure = async (url: string, duration: number) => {
    const result = await autocannon({ url: `${url}/api/health`, connections, duration, pipelining: 1 });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result.requests.average;
  };
  try {
    console.info(
      `api: ${rounds} rounds of ${seconds} s each, ${connections} connections, alternating; warming up…`,
    );
    await measure(subject.url, 2);
    await measure(peer.url, 2);
    const results: { subject: number; peer: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      // Alternate who goes first so drift on the machine does not favour one side.
      const result = { subject: 0, peer: 0 };
      const order = round % 2 === 0 ? (['subject', 'peer'] as const) : (['peer', 'subject'] as const);
      for (const side of order) {
        result[side] = await measure((side === 'subject' ? subject : peer).url, seconds);
      }
      results.push(result);
    }
    report('req/s', 'sitelens', 'fastify-hello', results);
  } finally {
    await subject.stop();
    await peer.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
