import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Test files run in this many workers at once (E2E_WORKERS, 2 unless told), each worker on a server and
 * database of its own that global-setup starts; `--maxWorkers=1` (one file while you work) starts only one.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/**
 * The longest files, longest first (seconds in a quiet CI run with two workers, 2026-11-26): started first, they
 * end before the short ones, which then fill both workers to the end. Without it a fresh clone (no timings cached)
 * starts the biggest files by size, and the accessibility scans (short files, about four minutes each) came last.
 */
const longestFirst = ['shell', 'accessibility', 'accessibility-staff', 'data-grid', 'settlement', 'employee', 'integration-import'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = longestFirst.indexOf(path.basename(file.moduleId, '.e2e.ts'));
      return at < 0 ? longestFirst.length : at;
    };
    return (await super.sort(files))
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map((x) => x.file);
  }
}

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
    sequence: { sequencer: LongestFirst },
    // In CI a test that fails is run once more before the run fails: a real Chromium on a shared, loaded 2-core
    // machine now and then misses a wait by a hair (a context that took 180 s to close, once in ~150 tests).
    // A test that passes only on its second try is listed as such in the output ("retry x1"); look at it.
    retry: process.env.CI ? 1 : 0,
    // A page under load can take seconds to answer; polls wait as long as Playwright's own waits do.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
