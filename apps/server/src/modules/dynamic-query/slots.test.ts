// The runner's slots: runs beyond the concurrency wait their turn in order instead of meeting a 429; a backlog beyond
// the queue, or a wait longer than a run may take, is refused with 429.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/errors';
import { Slots } from './runner';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('report runner slots', () => {
  it('lets waiting runs in one at a time, first come first served, as slots are given back', async () => {
    const slots = new Slots(2, 10, 5_000);
    const started: number[] = [];
    const runs = [0, 1, 2, 3, 4].map((i) => slots.take().then(() => started.push(i)));
    await settle();
    expect(started).toEqual([0, 1]);
    slots.give();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    slots.give();
    slots.give();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    // Runs 3 and 4 hold the two slots; given back, two may start at once again, and a third waits.
    slots.give();
    slots.give();
    await slots.take();
    await slots.take();
    let third = false;
    const waiting = slots.take().then(() => (third = true));
    await settle();
    expect(third).toBe(false);
    slots.give();
    await waiting;
  });

  it('refuses with 429 beyond the queue, and a run that waited longer than a run may take', async () => {
    const slots = new Slots(1, 1, 50);
    await slots.take();
    const waiting = slots.take();
    await expect(slots.take()).rejects.toMatchObject({ status: 429 });
    await expect(waiting).rejects.toBeInstanceOf(ApiError);
    // The timed-out waiter left the queue: the next one waits again, and gets the slot when it is given back.
    const next = slots.take();
    slots.give();
    await expect(next).resolves.toBeUndefined();
  });
});
