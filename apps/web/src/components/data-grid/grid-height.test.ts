import { describe, expect, it } from 'vitest';
import { gridHeight } from './grid-height';

describe('gridHeight', () => {
  it('grows with the rows up to maxRows, then stays', () => {
    expect(gridHeight(10, 15)).toBe(64 + 10 * 32);
    expect(gridHeight(15, 15)).toBe(gridHeight(100, 15));
  });

  it("never goes below RevoGrid's minimum", () => {
    expect(gridHeight(1, 15)).toBe(300);
  });
});
