// A background task that fails waits longer each time (the interval doubled, up to a limit) and says each failure
// with its count; one success brings the interval back.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, repeat } from './repeat';

afterEach(() => vi.useRealTimers());

describe('repeat', () => {
  it('doubles the wait after each failure in a row, up to the limit, and returns to the interval after a success', async () => {
    vi.useFakeTimers();
    const runs: number[] = [];
    const failures: number[] = [];
    let failing = true;
    const stop = repeat(
      () => {
        runs.push(Date.now());
        return failing ? Promise.reject(new Error('database away')) : Promise.resolve();
      },
      { firstAfterMs: 100, everyMs: 100, backoffMaxMs: 800, onError: (_err, n) => failures.push(n) },
    );
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(3_000);
    const gaps = runs.slice(1).map((t, i) => t - runs[i]!);
    expect(runs[0]! - start).toBe(100);
    expect(gaps.slice(0, 5)).toEqual([100, 200, 400, 800, 800]);
    expect(failures.slice(0, 4)).toEqual([1, 2, 3, 4]);
    failing = false;
    const before = runs.length;
    await vi.advanceTimersByTimeAsync(800);
    await vi.advanceTimersByTimeAsync(500);
    // The first success, then every 100 ms again.
    expect(runs.length - before).toBeGreaterThanOrEqual(5);
    await stop();
  });

  it('computes the wait of the n-th failure', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => backoffMs(200, n, 10_000))).toEqual([200, 400, 800, 1600, 3200, 10_000]);
  });
});
