// A list's export is what its grid shows: the same rows under the column filters, in the same order
// for every sort (ties, empty values, both directions, microseconds), whatever the keyset batch size.
import { type ColumnFilter, columnFilter } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { freshDatabase } from '../../test/helpers';
import { type RowQuery, serverList } from './server-list';

interface ItemTable {
  id: number;
  tenant_id: string;
  supp_code: string;
  name: string | null;
  qty: string | null;
  at: Date;
}
type ItemDB = { 'item as i': ItemTable; item: ItemTable };

let database: Database;
const scope = { tenantId: 't1', suppCode: 's1' };

beforeAll(async () => {
  database = await freshDatabase();
  await sql`CREATE TABLE item (id int PRIMARY KEY, tenant_id text NOT NULL, supp_code text NOT NULL, name text, qty numeric, at timestamptz NOT NULL)`.execute(
    database.db,
  );
  // 40 rows of the scope with repeated and empty names and quantities, and times apart by microseconds only;
  // and rows of another supplier that no export may show.
  await sql`INSERT INTO item
    SELECT g, 't1', 's1', CASE WHEN g % 5 = 0 THEN NULL ELSE 'n' || (g % 4) END, CASE WHEN g % 7 = 0 THEN NULL ELSE (g % 3) * 1.5 END,
      timestamptz '2026-01-01 00:00:00.000001+00' + (g % 6) * interval '1 microsecond'
    FROM generate_series(1, 40) g
    UNION ALL SELECT 100 + g, 't1', 's2', 'n1', 1.5, now() FROM generate_series(1, 5) g`.execute(database.db);
});
afterAll(() => database.close());

const listOf = (nullsLast: boolean, count?: { cap: number; exact?: () => Promise<number> | undefined }, tiesFollowSort?: string[]) =>
  serverList({
    from: (db: Kysely<DB>) => (db as unknown as Kysely<ItemDB>).selectFrom('item as i'),
    alias: 'i',
    columns: {
      id: { value: sql`i.id`, sortable: true },
      name: { value: sql`i.name`, sortable: true, filterable: true },
      qty: { value: sql`i.qty`, sortable: true, filterable: true, numeric: true },
      at: { value: sql`i.at`, text: sql`i.at::text`, sortable: true },
    },
    defaultSort: { field: 'name', order: 'desc' },
    then: [{ value: sql`i.id`, order: 'desc' }],
    nullsLast,
    ...(count ? { count } : {}),
    ...(tiesFollowSort ? { tiesFollowSort } : {}),
    select: (matching) => matching.select(sql<number>`i.id`.as('id')) as unknown as RowQuery<{ id: number }>,
  });

async function exported(list: ReturnType<typeof listOf>, grid: Parameters<ReturnType<typeof listOf>['exportBatches']>[3], size: number) {
  const ids: number[] = [];
  for await (const batch of list.exportBatches(database.db, scope, {}, grid, undefined, size)) ids.push(...batch.map((r) => r.id));
  return ids;
}

const f = (over: Partial<ColumnFilter>): ColumnFilter => columnFilter.parse(over);

describe('exports of a server list', () => {
  for (const nullsLast of [false, true]) {
    it(`follow the grid's order for every sort in keyset batches of any size${nullsLast ? ' (empty values last)' : ''}`, async () => {
      const list = listOf(nullsLast);
      for (const field of [undefined, 'name', 'qty', 'at', 'id']) {
        for (const order of ['asc', 'desc'] as const) {
          const grid = field ? { sort: { field, order } } : {};
          const page = (await list.page(database.db, scope, {}, { ...grid, page: 1, limit: 1000 })).list.map((r) => r.id);
          expect(page).toHaveLength(40);
          const whole = (await list.exportQuery(database.db, scope, {}, grid).execute()).map((r) => r.id);
          expect(whole, `${field} ${order}`).toEqual(page);
          for (const size of [1, 3, 7, 40]) expect(await exported(list, grid, size), `${field} ${order} by ${size}`).toEqual(page);
        }
      }
    });
  }

  it("take the grid's column filters: only the matching rows, in the grid's order", async () => {
    const list = listOf(false);
    const grid = { sort: { field: 'qty', order: 'asc' as const }, filters: { name: f({ fType1: 'equals', fVal1: 'n1' }) } };
    const page = (await list.page(database.db, scope, {}, { ...grid, page: 1, limit: 1000 })).list.map((r) => r.id);
    const expected = await sql<{
      id: number;
    }>`SELECT id FROM item WHERE supp_code = 's1' AND name = 'n1' ORDER BY qty ASC, id DESC`.execute(database.db);
    expect(page).toEqual(expected.rows.map((r) => r.id));
    expect(await exported(list, grid, 4)).toEqual(page);
    expect((await list.exportQuery(database.db, scope, {}, grid).execute()).map((r) => r.id)).toEqual(page);
  });

  it('refuses a sort by a column that is not sortable, as the page does', async () => {
    await expect(exported(listOf(false), { sort: { field: 'nothing', order: 'asc' } }, 10)).rejects.toThrow(/不能按 nothing 排序/);
  });
});

describe('pages of a server list', () => {
  for (const nullsLast of [false, true]) {
    it(`read by keyset the same rows as by OFFSET, for every sort${nullsLast ? ' (empty values last)' : ''}`, async () => {
      const list = listOf(nullsLast);
      for (const field of [undefined, 'name', 'qty', 'at', 'id']) {
        for (const order of ['asc', 'desc'] as const) {
          const grid = field ? { sort: { field, order } } : {};
          for (const limit of [1, 7, 40]) {
            const byOffset: number[][] = [];
            for (let page = 1; page <= Math.ceil(40 / limit); page++)
              byOffset.push((await list.page(database.db, scope, {}, { ...grid, page, limit })).list.map((r) => r.id));
            const byKeyset: number[][] = [];
            let after: string | undefined;
            let last: Awaited<ReturnType<typeof list.page>> | undefined;
            for (;;) {
              const page = await list.page(database.db, scope, {}, { ...grid, page: 1, limit, ...(after ? { after } : {}) });
              if (page.list.length) {
                byKeyset.push(page.list.map((r) => r.id));
                last = page;
              }
              // A page's rows carry only the list's fields, not the keys the cursor is read from.
              expect(Object.keys(page.list[0] ?? { id: 0 })).toEqual(['id']);
              // Only the first page (and an empty one past the end) has no page before it.
              expect(page.prev === undefined, `${field} ${order} by ${limit}: prev`).toBe(after === undefined || page.list.length === 0);
              if (!page.next) break;
              after = page.next;
            }
            expect(byKeyset, `${field} ${order} by ${limit}`).toEqual(byOffset);
            // And back from the last page by `prev`, to the first, which says it is the first.
            const back: number[][] = [last!.list.map((r) => r.id)];
            for (let before = last!.prev; before;) {
              const page = await list.page(database.db, scope, {}, { ...grid, page: 1, limit, before });
              back.unshift(page.list.map((r) => r.id));
              before = page.prev;
            }
            expect(back, `${field} ${order} by ${limit}, backwards`).toEqual(byOffset);
          }
        }
      }
    });
  }

  it('read the first page when fewer than a page are left before the cursor, and refuse after and before together', async () => {
    const list = listOf(false);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await list.page(database.db, scope, {}, { page, limit: 7 }));
    // Page 2's first row has 7 rows before it: page 1 exactly, which is the first.
    const back = await list.page(database.db, scope, {}, { page: 1, limit: 7, before: pages[1]!.prev! });
    expect(back.list).toEqual(pages[0]!.list);
    expect(back.prev).toBeUndefined();
    // With a page of 10, page 2 of 7 rows starts 7 rows in: fewer than 10 before it, so the first 10 rows.
    const short = await list.page(database.db, scope, {}, { page: 1, limit: 10, before: pages[1]!.prev! });
    expect(short.list).toEqual([...pages[0]!.list, ...pages[1]!.list.slice(0, 3)]);
    expect(short.prev).toBeUndefined();
    await expect(
      list.page(database.db, scope, {}, { page: 1, limit: 7, after: pages[1]!.next!, before: pages[1]!.prev! }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/不能与 after 同时给出/) });
  });

  it('refuse a cursor that is not one of theirs, or of another sort: 400, never 500', async () => {
    const list = listOf(false);
    const first = await list.page(database.db, scope, {}, { sort: { field: 'qty', order: 'asc' }, page: 1, limit: 5 });
    expect(first.next).toBeDefined();
    const forged = Buffer.from(JSON.stringify({ s: 'qty:asc', k: ['not a number', '1'] })).toString('base64url');
    for (const [cursor, sort] of [
      ['nonsense', { field: 'qty', order: 'asc' }],
      [first.next!, { field: 'qty', order: 'desc' }],
      [forged, { field: 'qty', order: 'asc' }],
    ] as const) {
      for (const way of ['after', 'before'])
        await expect(list.page(database.db, scope, {}, { sort, page: 1, limit: 5, [way]: cursor })).rejects.toMatchObject({
          status: 400,
          message: expect.stringMatching(/翻页位置无效/),
        });
    }
  });

  it('count exactly by default, and say when a capped count stopped at its cap', async () => {
    expect(await listOf(false).page(database.db, scope, {}, { page: 1, limit: 5 })).toMatchObject({ total: 40 });
    expect((await listOf(false).page(database.db, scope, {}, { page: 1, limit: 5 })).totalCapped).toBeUndefined();
    const capped = listOf(false, { cap: 10 });
    expect(await capped.page(database.db, scope, {}, { page: 1, limit: 5 })).toMatchObject({ total: 10, totalCapped: true });
    // 40 rows is one more than a cap of 39, and exactly a cap of 40 (not capped).
    expect(await listOf(false, { cap: 39 }).page(database.db, scope, {}, { page: 1, limit: 5 })).toMatchObject({
      total: 39,
      totalCapped: true,
    });
    expect(await listOf(false, { cap: 40 }).page(database.db, scope, {}, { page: 1, limit: 5 })).toMatchObject({
      total: 40,
      totalCapped: false,
    });
    // Under the cap the count is exact: 'n1' names the ids 1, 5, 9, ... but not the multiples of 5.
    const filters = { name: f({ fType1: 'equals', fVal1: 'n1' }) };
    expect(await capped.page(database.db, scope, {}, { filters, page: 1, limit: 5 })).toMatchObject({ total: 8, totalCapped: false });
    // A cheap exact count, when the list has one for the search, wins over the cap.
    const exact = listOf(false, { cap: 10, exact: () => Promise.resolve(40) });
    expect(await exact.page(database.db, scope, {}, { page: 1, limit: 5 })).toMatchObject({ total: 40, totalCapped: false });
    const none = listOf(false, { cap: 10, exact: () => undefined });
    expect(await none.page(database.db, scope, {}, { page: 1, limit: 5 })).toMatchObject({ total: 10, totalCapped: true });
  });

  it('run the ties of a sort that follows its direction in that direction, by OFFSET, keyset and export alike', async () => {
    const list = listOf(false, undefined, ['qty']);
    const ids = async (order: string) =>
      (await sql.raw<{ id: number }>(`SELECT id FROM item WHERE supp_code = 's1' ORDER BY ${order}`).execute(database.db)).rows.map(
        (r) => r.id,
      );
    for (const [sort, expected] of [
      [{ field: 'qty', order: 'desc' }, await ids('qty DESC, id ASC')],
      [{ field: 'qty', order: 'asc' }, await ids('qty ASC, id DESC')],
      [{ field: 'name', order: 'desc' }, await ids('name DESC, id DESC')],
    ] as const) {
      const whole = (await list.page(database.db, scope, {}, { sort, page: 1, limit: 1000 })).list.map((r) => r.id);
      expect(whole, `${sort.field} ${sort.order}`).toEqual(expected);
      expect(await exported(list, { sort }, 3)).toEqual(expected);
      const byKeyset: number[] = [];
      let after: string | undefined;
      do {
        const page = await list.page(database.db, scope, {}, { sort, page: 1, limit: 6, ...(after ? { after } : {}) });
        byKeyset.push(...page.list.map((r) => r.id));
        after = page.next;
      } while (after);
      expect(byKeyset).toEqual(expected);
    }
  });
});
