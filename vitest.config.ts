import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (plain Node: shared, server over HTTP, main's modules with Electron
 * stubbed, renderer logic) and `e2e` (Playwright driving the built renderer in Chromium through
 * the browser host). Benchmarks are not tests: see `npm run bench`.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{shared,server,main,preload,renderer,tests}/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A poll waits for the screen, which on a busy two-core machine can take longer than
          // vitest's default second (a first-run demo load hashes the demo operators' passwords).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
