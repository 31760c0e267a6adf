// A background task of a server process (the daily jobs, the demo feed): first run soon after start, then at an
// interval; a run never overlaps the one before; the timers never keep the process alive; stopping waits for a run
// in progress.
export function repeat(task: () => Promise<unknown>, timing: { firstAfterMs: number; everyMs: number }): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = task()
      .then(() => undefined)
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, timing.firstAfterMs);
  const timer = setInterval(tick, timing.everyMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
