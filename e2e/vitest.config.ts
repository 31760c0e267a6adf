import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Test files run in this many workers at once (E2E_WORKERS, 2 unless told), each worker on a server and
 * database of its own that global-setup starts; `--maxWorkers=1` (one file while you work) starts only one.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/**
 * The longest files, longest first (a quiet CI run with two workers, 2026-11-26: shell 209 s, the accessibility
 * halves 228 and 242 s, data-grid 105 s, the rest under 90 s): started first,
 * they end before the short ones, which then fill both workers to the end. Without it a fresh clone (no timings
 * cached) starts the biggest files by size, and the accessibility scans (short files, about four minutes each) came last.
 */
const longestFirst = ['shell', 'accessibility', 'accessibility-staff', 'data-grid', 'settlement', 'employee', 'integration-import'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = longestFirst.indexOf(path.basename(file.moduleId, '.e2e.ts'));
      return at < 0 ? longestFirst.length : at;
    };
    // Array.prototype.sort is stable: files outside the list keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Browser tests: real Chromium against the real servers started by global-setup.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // Two minutes a test: a fresh-clone CI run took 2,190 s on one 2-core machine against 926 s on another
    // (2026-11-27); multi-step tests that take 33 s alone there took over 60 s beside the other worker, and a
    // timed-out attempt leaves its state behind for the retry (mfa, notifications).
    testTimeout: 120_000,
    hookTimeout: 180_000,
    maxWorkers: workers,
    fileParallelism: workers > 1,
    sequence: { sequencer: LongestFirst },
    // In CI a test that fails is run once more before the run fails: a real Chromium on a shared, loaded 2-core
    // machine now and then misses a wait by a hair (a context that took 180 s to close, once in ~150 tests).
    // A test that passes only on its second try is listed as such in the output ("retry x1"); look at it.
    retry: process.env.CI ? 1 : 0,
    // A page under load can take seconds to answer; polls wait as long as Playwright's own waits do.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
