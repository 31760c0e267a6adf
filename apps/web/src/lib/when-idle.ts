// Work the first screen does not need, run once the browser is idle after it.

/** Runs `then` when the browser is next idle (at the latest after `timeout` ms); answers the cancel. */
export function whenIdle(then: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(then, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(then, 200);
  return () => window.clearTimeout(id);
}
