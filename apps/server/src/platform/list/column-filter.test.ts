// Column filters in SQL mean what they mean in the grid: every condition, case, checklists, and/or, errors.
import { type ColumnFilter, columnFilter } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { freshDatabase } from '../../test/helpers';
import { type FilterColumn, columnFilterSql } from './column-filter';
import type { Database } from '../../db/database';

let database: Database;
const db = () => database.db as unknown as Kysely<{ item: { id: number; name: string | null; qty: string | null; code: string | null } }>;

beforeAll(async () => {
  database = await freshDatabase();
  await sql`CREATE TABLE item (id int PRIMARY KEY, name text, qty numeric, code text)`.execute(database.db);
  await sql`INSERT INTO item VALUES
    (1, 'Apple pie', 10, '5'), (2, 'apple juice', 2.5, 'x'), (3, '50% 牛奶', -3, '12'), (4, NULL, NULL, NULL),
    (5, 'Banana_1', 100.00, ' 7 ')`.execute(database.db);
});
afterAll(() => database.close());

const columns: Record<string, FilterColumn> = {
  name: { text: sql.ref('name') },
  qty: { text: sql.ref('qty'), numeric: true },
  code: { text: sql.ref('code') },
};
const f = (over: Partial<ColumnFilter>): ColumnFilter => columnFilter.parse(over);

async function ids(filters: Record<string, ColumnFilter>): Promise<number[]> {
  const where = columnFilterSql(filters, columns);
  let q = db().selectFrom('item').select('id').orderBy('id');
  if (where) q = q.where(where);
  return (await q.execute()).map((r) => r.id);
}

describe('columnFilterSql', () => {
  it('applies text conditions without case unless sensitive, with LIKE characters taken literally', async () => {
    expect(await ids({ name: f({ fType1: 'contains', fVal1: 'APPLE' }) })).toEqual([1, 2]);
    expect(await ids({ name: f({ fType1: 'contains', fVal1: 'Apple', isSensitive: true }) })).toEqual([1]);
    expect(await ids({ name: f({ fType1: 'contains', fVal1: '%' }) })).toEqual([3]);
    expect(await ids({ name: f({ fType1: 'contains', fVal1: '_' }) })).toEqual([5]);
    expect(await ids({ name: f({ fType1: 'notContains', fVal1: 'apple' }) })).toEqual([3, 4, 5]);
    expect(await ids({ name: f({ fType1: 'beginsWith', fVal1: 'ban' }) })).toEqual([5]);
    expect(await ids({ name: f({ fType1: 'endsWith', fVal1: 'PIE' }) })).toEqual([1]);
    expect(await ids({ name: f({ fType1: 'equals', fVal1: 'apple JUICE' }) })).toEqual([2]);
    expect(await ids({ name: f({ fType1: 'notEquals', fVal1: 'apple juice' }) })).toEqual([1, 3, 4, 5]);
    expect(await ids({ name: f({ fType1: 'empty' }) })).toEqual([4]);
    expect(await ids({ name: f({ fType1: 'notEmpty' }) })).toEqual([1, 2, 3, 5]);
  });

  it('compares numbers numerically, also in text columns where the cell is a number', async () => {
    expect(await ids({ qty: f({ fType1: 'gt', fVal1: '2.5' }) })).toEqual([1, 5]);
    expect(await ids({ qty: f({ fType1: 'ge', fVal1: '2.5' }) })).toEqual([1, 2, 5]);
    expect(await ids({ qty: f({ fType1: 'lt', fVal1: '0' }) })).toEqual([3]);
    expect(await ids({ qty: f({ fType1: 'le', fVal1: '10' }) })).toEqual([1, 2, 3]);
    expect(await ids({ qty: f({ fType1: 'eq', fVal1: '100' }) })).toEqual([5]);
    // Not a number (empty) is only "not equal".
    expect(await ids({ qty: f({ fType1: 'ne', fVal1: '100' }) })).toEqual([1, 2, 3, 4]);
    expect(await ids({ qty: f({ fType1: 'between', fVal1: '10,-3' }) })).toEqual([1, 2, 3]);
    expect(await ids({ code: f({ fType1: 'gt', fVal1: '6' }) })).toEqual([3, 5]);
    expect(await ids({ code: f({ fType1: 'between', fVal1: '1，9' }) })).toEqual([1, 5]);
  });

  it('keeps the ticked values (empty cells as ""), joins two conditions by and/or, and all columns by and', async () => {
    expect(await ids({ name: f({ checks: ['Apple pie', ''] }) })).toEqual([1, 4]);
    expect(await ids({ name: f({ checks: [] }) })).toEqual([]);
    expect(await ids({ name: f({ fType1: 'contains', fVal1: 'apple', fMode: 'and', fType2: 'endsWith', fVal2: 'juice' }) })).toEqual([2]);
    expect(await ids({ name: f({ fType1: 'beginsWith', fVal1: 'banana', fMode: 'or', fType2: 'contains', fVal2: '牛奶' }) })).toEqual([
      3, 5,
    ]);
    expect(await ids({ name: f({ fType1: 'contains', fVal1: 'apple' }), qty: f({ fType1: 'gt', fVal1: '5' }) })).toEqual([1]);
    expect(await ids({ name: f({}) })).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses unknown columns and values that are not numbers, naming the field', () => {
    const message = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err instanceof ApiError ? `${err.status} ${err.message}` : String(err);
      }
      return 'no error';
    };
    expect(message(() => columnFilterSql({ password: f({ fType1: 'contains', fVal1: 'a' }) }, columns))).toBe(
      '400 body.filters.password: 不能按此列筛选',
    );
    expect(message(() => columnFilterSql({ constructor: f({}) }, columns))).toBe('400 body.filters.constructor: 不能按此列筛选');
    expect(message(() => columnFilterSql({ qty: f({ fType1: 'gt', fVal1: 'abc' }) }, columns))).toBe('400 body.filters.qty: 请输入数字');
    expect(message(() => columnFilterSql({ qty: f({ fType1: 'between', fVal1: '1' }) }, columns))).toMatch(
      /^400 body.filters.qty: 介于条件/,
    );
  });
});
