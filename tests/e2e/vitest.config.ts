import { defineConfig } from 'vitest/config';

/** The browser suite (`npm run test:e2e`): Debian's Chromium driven by playwright-core, one file at a time. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
