// Which picker a query page parameter is chosen with: its type, or a select's lookup when it has no fixed list.
import { describe, expect, it } from 'vitest';
import { type QueryParam, paramPicker } from './dynamic-query';

const param = (type: QueryParam['type'], lookup: QueryParam['lookup'] = null, options: QueryParam['options'] = []) => ({
  type,
  lookup,
  options,
});

describe('paramPicker', () => {
  it('names the picker of the types that name a supplier, store, category, brand or goods item', () => {
    for (const type of ['supplier', 'store', 'category', 'brand', 'goods'] as const) expect(paramPicker(param(type))).toBe(type);
  });

  it("takes a select's lookup, unless the select has a fixed list", () => {
    expect(paramPicker(param('select', 'brand'))).toBe('brand');
    expect(paramPicker(param('multiSelect', 'supplier'))).toBe('supplier');
    expect(paramPicker(param('multiSelect', 'store', [{ value: 'S0101', label: '上海虹口店', labelEn: '' }]))).toBeNull();
  });

  it('leaves plain values alone', () => {
    for (const type of ['text', 'number', 'date', 'dateRange', 'select', 'multiSelect'] as const)
      expect(paramPicker(param(type))).toBeNull();
    // A lookup on a type that is not a select means nothing.
    expect(paramPicker(param('text', 'brand'))).toBeNull();
  });
});
