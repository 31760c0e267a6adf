import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and server integration tests; the browser tests in e2e/ have their own config.
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    // The server tests wait on PostgreSQL (its own processes) much of the time: two files at once even on 2 cores.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    // A template database is migrated and seeded once per run by the first file that needs it; others wait for it.
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          // The files of a worker share one module graph: the server's modules are loaded once per worker, not
          // once per file (the unit stage: 314 s to about 150 s in CI terms). So a server test never mocks a
          // module (vi.mock would reach only the files that load it first); it spies on an object instead, as
          // auth/login-hardening.test.ts does on node:crypto, and leaves nothing behind in module state.
          isolate: false,
          include: ['apps/server/**/*.test.ts'],
          // One PostgreSQL for the run: TEST_DATABASE_URL's server, or an embedded cluster in a temporary folder.
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'contract', include: ['packages/**/*.test.ts'] } },
      { extends: true, test: { name: 'web', include: ['apps/web/**/*.test.{ts,tsx}'] } },
    ],
  },
});
