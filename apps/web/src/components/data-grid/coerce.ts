// Pasted and filled values arrive as strings: coerce them to the column's type, or say why not.
import { isDecimal, parseDecimal } from '@portal/contract';
import type { ColumnType } from './types';

export type Coerced = { ok: true; value: string } | { ok: false; error: string };

export function coerce(input: unknown, type: ColumnType = 'text'): Coerced {
  const text = input === null || input === undefined ? '' : String(input).trim();
  if (type === 'text') return { ok: true, value: input === null || input === undefined ? '' : String(input) };
  if (text === '') return { ok: true, value: '' };
  if (type === 'number' || type === 'money') {
    const cleaned = text.replace(/^[¥￥$]/, '').replaceAll(',', '');
    if (!isDecimal(cleaned)) return { ok: false, error: `“${text}”不是数字` };
    const d = parseDecimal(cleaned)!;
    if (type === 'money' && d.frac.length > 2) return { ok: false, error: `“${text}”超过两位小数` };
    const frac = type === 'money' ? d.frac.padEnd(2, '0') : d.frac;
    return { ok: true, value: `${d.sign < 0 ? '-' : ''}${d.whole}${frac ? `.${frac}` : ''}` };
  }
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  if (!m) return { ok: false, error: `“${text}”不是日期` };
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return { ok: false, error: `“${text}”不是有效日期` };
  return { ok: true, value: `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}` };
}
