// What the demo feed reads: the suppliers' goods and the stores of a tenant, its own orders still awaiting
// receipt, and when it last ran (its batches in the integration log).
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema';

export interface FeedGoods {
  suppCode: string;
  goodsCode: string;
  price: string;
  caseQty: number;
}

/** Goods of the tenant's suppliers that are not frozen, with their purchase price and case size. */
export function suppliedGoods(db: Kysely<DB>, tenantId: string): Promise<FeedGoods[]> {
  return db
    .selectFrom('goods as g')
    .innerJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'g.tenant_id').onRef('s.supp_code', '=', 'g.supp_code'))
    .where('g.tenant_id', '=', tenantId)
    .where('s.status', '<>', '冻结')
    .where('g.price', '>', '0')
    .select(['g.supp_code as suppCode', 'g.goods_code as goodsCode', sql<string>`g.price::text`.as('price'), 'g.case_qty as caseQty'])
    .orderBy('g.supp_code')
    .orderBy('g.goods_code')
    .execute();
}

/** Open stores and DCs of the tenant. */
export async function storeCodes(db: Kysely<DB>, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('dept')
    .where('tenant_id', '=', tenantId)
    .where('online', '=', true)
    .select('dept_code')
    .orderBy('dept_code')
    .execute();
  return rows.map((r) => r.dept_code);
}

export interface AwaitingOrder {
  key: string;
  suppCode: string;
  storeCode: string;
  lines: { lineNo: number; goodsCode: string; qty: string; price: string }[];
}

/**
 * Orders the feed sent (keys starting with `prefix`) still open (issued, read or confirmed) with no receiving yet, sent before
 * `before`: the deliveries due.
 */
export async function awaitingReceipt(db: Kysely<DB>, tenantId: string, prefix: string, before: Date): Promise<AwaitingOrder[]> {
  const rows = await db
    .selectFrom('integration_document as d')
    .innerJoin('pur_order as o', (j) => j.onRef('o.tenant_id', '=', 'd.tenant_id').onRef('o.bill_number', '=', 'd.doc_key'))
    .innerJoin('pur_order_line as l', (j) => j.onRef('l.tenant_id', '=', 'o.tenant_id').onRef('l.bill_number', '=', 'o.bill_number'))
    .where('d.tenant_id', '=', tenantId)
    .where('d.entity', '=', 'purchase-orders')
    .where('d.doc_key', 'like', `${prefix}%`)
    .where('d.updated_at', '<', before)
    .where('o.status', 'in', ['已下达', '已阅读', '已确认'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('acceptance as a')
            .select(sql`1`.as('one'))
            .whereRef('a.tenant_id', '=', 'o.tenant_id')
            .whereRef('a.po_bill_number', '=', 'o.bill_number')
            // The index of receiving by order (acceptance_po_goods) holds only lines that name one.
            .where('a.po_bill_number', '<>', ''),
        ),
      ),
    )
    .select([
      'o.bill_number as key',
      'o.supp_code as suppCode',
      'o.dept_code as storeCode',
      'l.line_no as lineNo',
      'l.goods_code as goodsCode',
      sql<string>`l.order_qty::text`.as('qty'),
      sql<string>`l.price::text`.as('price'),
    ])
    .orderBy('o.bill_number')
    .orderBy('l.line_no')
    .execute();
  const orders = new Map<string, AwaitingOrder>();
  for (const r of rows) {
    const order = orders.get(r.key) ?? { key: r.key, suppCode: r.suppCode, storeCode: r.storeCode, lines: [] };
    order.lines.push({ lineNo: r.lineNo, goodsCode: r.goodsCode, qty: r.qty, price: r.price });
    orders.set(r.key, order);
  }
  return [...orders.values()];
}

/** When the feed last sent a batch to the tenant (any process), or undefined. */
export async function lastRun(db: Kysely<DB>, tenantId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('integration_batch')
    .where('tenant_id', '=', tenantId)
    .where('source', '=', 'feed')
    .select(sql<Date>`max(at)`.as('at'))
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** Holds the feed's lock of the tenant for the transaction: one process feeds a tenant at a time. */
export async function lockFeed(db: Kysely<DB>, tenantId: string): Promise<boolean> {
  const { rows } = await sql<{
    locked: boolean;
  }>`SELECT pg_try_advisory_xact_lock(hashtext('demo-feed'), hashtext(${tenantId})) AS locked`.execute(db);
  return rows[0]?.locked ?? false;
}
