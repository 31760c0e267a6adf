// The pacer gives the worker fewer sends while the event loop lags (the interactive calls come first) and its full
// concurrency back, step by step, once the loop answers promptly again.
import { expect, it } from 'vitest';
import { Pacer } from './pacer';

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
