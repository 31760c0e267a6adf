import { describe, expect, it } from 'vitest';
import { applyForm } from './goods-apply';

const form = (over: Record<string, unknown>) => ({
  goodsName: '禾丰海苔卷',
  barcode: '6923456787797',
  spec: '30g',
  unit: '袋',
  categoryCode: '1001',
  brandCode: 'B001',
  price: '3.200000',
  retailPrice: '4.90',
  taxRate: '13',
  shelfLifeDays: 180,
  origin: '上海',
  ...over,
});

describe('prices of an application', () => {
  it('refuse what is not a plain decimal with the format message, never by throwing', () => {
    for (const [field, value, message] of [
      ['price', '1e5', '含税进价须为数字，最多6位小数'],
      ['price', '1e5000000', '含税进价须为数字，最多6位小数'],
      ['price', '-1', '含税进价须为数字，最多6位小数'],
      ['retailPrice', '4.9e2', '建议售价须为数字，最多2位小数'],
      ['retailPrice', 'abc', '建议售价须为数字，最多2位小数'],
    ] as const) {
      const result = applyForm.safeParse(form({ [field]: value }));
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
    }
  });

  it('leave a form that is no object to the type check', () => {
    for (const value of [undefined, null, 'x', [], 5]) expect(applyForm.safeParse(value).success).toBe(false);
  });

  it('compare exactly: a retail price below the cost is refused', () => {
    expect(applyForm.safeParse(form({ price: '4.900001', retailPrice: '4.90' })).error?.issues[0]?.message).toBe(
      '建议售价不能低于含税进价',
    );
    expect(applyForm.safeParse(form({ price: '4.900000', retailPrice: '4.90' })).success).toBe(true);
    // Beside a mistake in another field, as the form shows them together.
    const both = applyForm.safeParse(form({ goodsName: '', price: '5', retailPrice: '4.90' }));
    expect(both.error?.issues.map((i) => i.message)).toEqual(['请输入商品名称', '建议售价不能低于含税进价']);
  });
});
