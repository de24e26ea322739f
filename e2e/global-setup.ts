import { rmSync } from 'node:fs';
import { hasChromium, SKIP_LINE, startServer } from './harness';

/**
 * Once per run: says, not once per file, that the e2e tests are skipped and how to fix it; and
 * makes the migrated data folder (tables, pg-boss's schema) that every server of the run starts
 * from, so no test file pays for migrating a fresh PGlite.
 */
export default async function setup(): Promise<() => void> {
  if (!hasChromium) {
    // CI sets REQUIRE_CHROMIUM: there a run without the browser tests is a failed run.
    if (process.env.REQUIRE_CHROMIUM === '1') throw new Error(SKIP_LINE);
    console.info(SKIP_LINE);
    return () => undefined;
  }
  const server = await startServer();
  await server.stop({ keepData: true });
  process.env.SITELENS_E2E_DATA_TEMPLATE = server.dataDir;
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
