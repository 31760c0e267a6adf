// Small helpers shared by the benchmarks: percentiles and bounded-concurrency timing.
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** Runs `task` `total` times with `concurrency` in flight; returns each run's milliseconds, sorted. */
export async function timeConcurrent(task: () => Promise<unknown>, total: number, concurrency: number): Promise<number[]> {
  const times: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      const t0 = performance.now();
      await task();
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times.sort((a, b) => a - b);
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The median of `values` (in any order). */
export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
