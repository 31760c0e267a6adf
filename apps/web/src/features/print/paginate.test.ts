import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

describe('paginate', () => {
  it('keeps every line on one page when they fit', () => {
    expect(paginate({ page: 500, header: 100, footer: 50, rows: [20, 20, 20] })).toEqual([[0, 3]]);
  });

  it('starts a new page when the next line would reach into the footer', () => {
    // 350 px of room: 17 lines of 20 px fill 340, the 18th goes over.
    const rows = Array.from({ length: 40 }, () => 20);
    expect(paginate({ page: 500, header: 100, footer: 50, rows })).toEqual([
      [0, 17],
      [17, 34],
      [34, 40],
    ]);
  });

  it('takes lines of different heights whole, and a line taller than the room alone', () => {
    expect(paginate({ page: 200, header: 50, footer: 50, rows: [60, 60, 150, 10] })).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
    expect(paginate({ page: 200, header: 50, footer: 50, rows: [40, 60, 20, 80] })).toEqual([
      [0, 2],
      [2, 4],
    ]);
  });

  it('answers one empty page without lines', () => {
    expect(paginate({ page: 500, header: 100, footer: 50, rows: [] })).toEqual([[0, 0]]);
  });
});
