import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    // The web's component tests run in Chromium: vitest.web.config.ts (decision record 034).
    exclude: ['src/web/**/*.test.tsx', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['src/server/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One process runs the files one after another instead of a fresh process per file: the
    // suites take about a fifth of the time (PGlite 2.6 instead of 8+ minutes alone; decision
    // record 022). Every file still opens its own database and its own app; nothing is mocked.
    isolate: false,
  },
});
