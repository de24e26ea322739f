import { defineConfig } from 'vitest/config';

// The built app in Debian Chromium. Each file starts its own server (a free port, its own data
// folder) and browser, so two files run at once: most of their time is spent waiting on those.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./report-failures.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
