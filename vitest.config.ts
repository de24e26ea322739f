import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run for every workspace; the web project needs a DOM, the rest run in Node.
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one worker on a 2-core machine.
    // Most files wait on sockets, databases and child processes as much as they compute, so one
    // worker per core finishes the suite in little more than half the time.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'packages',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          // The engine's files share a module graph per worker: they keep no state between files
          // (its module-level maps are caches of pure answers), and importing the engine again
          // for each of 144 files took 28 s.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/announce-database.ts'],
          // Each file keeps a process of its own: with a shared module graph the server files ran
          // faster but failed more often beside the end-to-end tests (docs/testing.md).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
