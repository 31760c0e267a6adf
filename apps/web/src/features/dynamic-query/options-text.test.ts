import { describe, expect, it } from 'vitest';
import { readOptions, writeOptions } from './options-text';

describe('a select parameter’s options as the designer types them', () => {
  it('reads a value alone, a value with its label, and one with an English label too', () => {
    expect(readOptions('A, B:乙，C:丙:Third')).toEqual([
      { value: 'A', label: 'A', labelEn: '' },
      { value: 'B', label: '乙', labelEn: '' },
      { value: 'C', label: '丙', labelEn: 'Third' },
    ]);
  });

  it('writes them back as they were read', () => {
    const text = 'A,B:乙,C:丙:Third';
    expect(writeOptions(readOptions(text))).toBe(text);
  });

  it('skips empty entries', () => {
    expect(readOptions(' , ,')).toEqual([]);
  });
});
