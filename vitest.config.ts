import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    // The web's component tests run in Chromium: vitest.web.config.ts (decision record 034).
    exclude: ['src/web/**/*.test.tsx', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['src/server/testing/global-setup.ts'],
    // A minute per test: the longest API flows (the roll-forward, clawback payments) take about 10 s
    // alone and timed out at 30 s once on a machine at load 16 (CI runs four suites on two cores).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One process runs the files one after another instead of a fresh process per file: the
    // suites take about a fifth of the time (PGlite 2.6 instead of 8+ minutes alone; decision
    // record 022). Every file still opens its own database and its own app; nothing is mocked.
    isolate: false,
  },
});
