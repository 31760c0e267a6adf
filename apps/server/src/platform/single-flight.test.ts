import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight';

describe('SingleFlight', () => {
  it('gives concurrent asks of one key one answer, and keeps nothing once it settles', async () => {
    const flights = new SingleFlight<number>();
    let runs = 0;
    const work = () => new Promise<number>((resolve) => setTimeout(() => resolve(++runs), 5));
    const answers = await Promise.all([flights.run('a', work), flights.run('a', work), flights.run('b', work)]);
    expect(answers.sort()).toEqual([1, 1, 2]);
    expect(await flights.run('a', work)).toBe(3);
  });

  it('hands a failure to every waiter, and the next ask tries again', async () => {
    const flights = new SingleFlight<string>();
    const failing = () => new Promise<string>((_, reject) => setTimeout(() => reject(new Error('down')), 5));
    const results = await Promise.allSettled([flights.run('k', failing), flights.run('k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await flights.run('k', async () => 'up')).toBe('up');
  });
});
