// A background task of a server process (the daily jobs, the demo feed, the notification dispatcher): first run
// soon after start, then an interval after each run ends (so runs never overlap); the timers never keep the process
// alive; stopping waits for a run in progress. A task that fails (its promise rejects) is told to `onError` and
// tried again after a wait that doubles with each failure in a row, up to `backoffMaxMs`: a database that is down
// for a minute costs a few log lines, not one every poll.
export interface RepeatTiming {
  firstAfterMs: number;
  everyMs: number;
  /** The longest wait after failures in a row (default: ten seconds, or `everyMs` when that is longer). */
  backoffMaxMs?: number;
  /** A failed run's error, with how many runs in a row have failed (1 for the first). */
  onError?: (err: unknown, failures: number) => void;
}

/** The wait after `failures` failures in a row: the interval doubled each time, at most `maxMs`. */
export const backoffMs = (everyMs: number, failures: number, maxMs: number) => Math.min(maxMs, everyMs * 2 ** Math.max(0, failures - 1));

export function repeat(task: () => Promise<unknown>, timing: RepeatTiming): () => Promise<void> {
  const maxMs = timing.backoffMaxMs ?? Math.max(10_000, timing.everyMs);
  let running: Promise<void> | undefined;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout;
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  function tick() {
    running = task()
      .then(
        () => {
          failures = 0;
        },
        (err: unknown) => {
          failures++;
          timing.onError?.(err, failures);
        },
      )
      .finally(() => {
        running = undefined;
        // The next run an interval after this one ended (a longer wait after failures).
        if (!stopped) schedule(failures === 0 ? timing.everyMs : backoffMs(timing.everyMs, failures, maxMs));
      });
  }
  schedule(timing.firstAfterMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
