import { defineConfig } from 'vitest/config';

/**
 * Test files run in this many workers at once (E2E_WORKERS, 2 unless told), each worker on a server and
 * database of its own that global-setup starts; `--maxWorkers=1` (one file while you work) starts only one.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

// Browser tests: real Chromium against the real servers started by global-setup.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    maxWorkers: workers,
    fileParallelism: workers > 1,
    // In CI a test that fails is run once more before the run fails: a real Chromium on a shared, loaded 2-core
    // machine now and then misses a wait by a hair (a context that took 180 s to close, once in ~150 tests).
    // A test that passes only on its second try is listed as such in the output ("retry x1"); look at it.
    retry: process.env.CI ? 1 : 0,
    // A page under load can take seconds to answer; polls wait as long as Playwright's own waits do.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
