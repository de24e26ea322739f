import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { median, report, serve } from './lib';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface ApiOptions {
  rounds: number;
  seconds: number;
  connections: number;
}

/**
 * Requests per second of the liveness probe `/api/health/live` against a bare Fastify hello-world,
 * and of the readiness probe `/api/health/ready` (database and queue, shared for a second) beside them.
 */
export async function benchApi({ rounds, seconds, connections }: ApiOptions): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitelens-bench-'));
  const subject = await serve(
    [path.join(ROOT, 'apps/server/bin/sitelens.js'), 'api'],
    { DATA_DIR: dataDir, NODE_ENV: 'production', BILLING_PROVIDER: 'sandbox', LOG_LEVEL: 'warn' },
    '/api/health',
  );
  const peer = await serve(
    ['--import', 'tsx', path.join(import.meta.dirname, 'peers/fastify-hello.ts')],
    {},
    '/api/health',
  );
  const measure = async (url: string, duration: number) => {
    const result = await autocannon({ url, connections, duration, pipelining: 1 });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result.requests.average;
  };
  try {
    console.info(
      `api: ${rounds} rounds of ${seconds} s each, ${connections} connections, alternating; warming up…`,
    );
    const urls = {
      subject: `${subject.url}/api/health/live`,
      peer: `${peer.url}/api/health`,
      ready: `${subject.url}/api/health/ready`,
    };
    for (const url of Object.values(urls)) await measure(url, 2);
    const results: { subject: number; peer: number; ready: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      // Alternate who goes first so drift on the machine does not favour one side.
      const result = { subject: 0, peer: 0, ready: 0 };
      const order =
        round % 2 === 0 ? (['subject', 'peer', 'ready'] as const) : (['peer', 'subject', 'ready'] as const);
      for (const side of order) result[side] = await measure(urls[side], seconds);
      results.push(result);
    }
    report('req/s', 'health/live', 'fastify-hello', results);
    console.info(
      ` /api/health/ready (database and queue, shared for a second), median: ${median(results.map((r) => r.ready)).toFixed(0)} req/s\n`,
    );
  } finally {
    await subject.stop();
    await peer.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
