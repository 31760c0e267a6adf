// The pacer gives the worker fewer sends while the event loop lags (the interactive calls come first) and its full
// concurrency back, step by step, once the loop answers promptly again.
import { expect, it, vi } from 'vitest';
import { Pacer, SendRate } from './pacer';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('halves the sends in flight while the loop lags, and grows them back when it does not', async () => {
  // A limit well above a loaded test machine's own jitter, so that only the blocks below count as lag.
  const pacer = new Pacer(64, 60);
  try {
    expect(pacer.limit).toBe(64);
    // A busy loop: blocked 100 ms in every 150 ms for a second.
    for (let i = 0; i < 7; i++) {
      const until = Date.now() + 100;
      while (Date.now() < until);
      await wait(50);
    }
    const lowered = pacer.limit;
    expect(lowered).toBeLessThanOrEqual(32);
    // Never below an eighth of the concurrency.
    expect(lowered).toBeGreaterThanOrEqual(8);
    // A quiet loop: back up by an eighth of the maximum each quarter second (at most to the maximum).
    await wait(2500);
    expect(pacer.limit).toBeGreaterThan(lowered);
  } finally {
    pacer.stop();
  }
});

it('never backs off with no limit set', async () => {
  const pacer = new Pacer(8, 0);
  try {
    const until = Date.now() + 150;
    while (Date.now() < until);
    await wait(600);
    expect(pacer.limit).toBe(8);
  } finally {
    pacer.stop();
  }
});

it('starts at most the rate of sends a second, a short burst first, and none held back without a limit', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
  try {
    const rate = new SendRate(1000);
    let started = 0;
    const run = (async () => {
      for (let i = 0; i < 2010; i++) {
        await rate.take();
        started++;
      }
    })();
    // The bucket's ten milliseconds' worth at once, then one a millisecond.
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBeGreaterThanOrEqual(990);
    expect(started).toBeLessThanOrEqual(1011);
    await vi.advanceTimersByTimeAsync(1000);
    await run;
    expect(started).toBe(2010);
    const free = new SendRate(0);
    for (let i = 0; i < 10_000; i++) await free.take();
  } finally {
    vi.useRealTimers();
  }
});
