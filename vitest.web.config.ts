import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

/**
 * The web app's component tests (decision record 034): Vitest browser mode in Debian's Chromium,
 * driven through Playwright like the end-to-end tests, with the app's own CSS so what a user
 * cannot see is not visible to a query either. The API is a typed fake fetch
 * (src/web/testing/fake-api.ts); no server runs. `npx vitest run -c vitest.web.config.ts`.
 */
export default defineConfig({
  plugins: [react(), tailwindcss()],
  optimizeDeps: {
    // Pre-bundled once before the first test file: a dependency discovered mid-run would reload the page.
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-dev-runtime',
      'react-router',
      '@tanstack/react-query',
      'react-hook-form',
      '@hookform/resolvers/zod',
      'zod',
      'i18next',
      'react-i18next',
      'radix-ui',
      'lucide-react',
      'sonner',
      'clsx',
      'recharts',
      'bidi-js',
      'qrcode',
      'axe-core',
      '@testing-library/react',
      '@testing-library/user-event',
      '@testing-library/dom',
    ],
  },
  test: {
    include: ['src/web/**/*.test.tsx'],
    setupFiles: ['src/web/testing/setup.ts'],
    testTimeout: 20_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
      instances: [{ browser: 'chromium' }],
      // The e2e desktop viewport.
      viewport: { width: 1280, height: 800 },
      screenshotFailures: false,
    },
  },
});
