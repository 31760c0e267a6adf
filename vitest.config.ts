import { defineConfig } from 'vitest/config';

// Unit and server integration tests; the browser tests in e2e/ have their own config.
export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    // Seeding a database with the demo business data takes seconds alone and much longer on a busy machine.
    hookTimeout: 120_000,
  },
});
