import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium against the real server started by global-setup.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // A page under load can take seconds to answer; polls wait as long as Playwright's own waits do.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
