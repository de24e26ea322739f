import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        // Vendor code changes less often than ours; separate chunks keep browser caches warm. Ant
        // Design, the charts (Recharts and what it draws with) and pdf.js (the white-label preview)
        // are left to Rollup, so a screen's Table, DatePicker, chart or PDF pages load with that
        // screen, not up front with the sign-in page.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component|pdfjs-dist)[\\/]/.test(id)) return undefined;
          if (
            /[\\/](recharts|victory-vendor|d3-[^\\/]+|@reduxjs|react-redux|redux|immer|reselect|es-toolkit|decimal\.js-light)[\\/]/.test(
              id,
            )
          )
            return undefined;
          if (/[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
    // One window and one module graph per worker instead of per file: importing Ant Design and
    // starting jsdom took 3 s per file, more than half the suite's time. src/test/setup.ts starts
    // each file signed out, with empty storage and real timers.
    isolate: false,
  },
});
