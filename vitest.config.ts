import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['engine/**/*.test.ts', 'client/**/*.test.ts', 'worker/**/*.test.ts', 'server/**/*.test.ts', 'cli/**/*.test.ts', 'node/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    // Unit tests shape synchronously: fontkit is loaded up front (see the file).
    setupFiles: ['tests/helpers/load-fontkit.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
