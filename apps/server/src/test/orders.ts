// Orders of the server tests: a purchase order issued through the integration service as the retailer's ERP sends
// it, and the supplier's confirmation through its call, for the tests of the areas that read orders and answers.
import { businessDay, purchaseOrder } from '@portal/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { ingest, type Sender } from '../modules/integration/documents/service';
import type { TestApp } from './helpers';

/** The retailer's ERP as an integration client of the demo tenant. */
export const erp: Sender = { tenantId: 'demo', source: 'api', clientId: 'erp-test' };

/** The business day `offset` days from now (UTC+8), YYYY-MM-DD. */
export const dayFromNow = (offset: number) => businessDay(new Date(Date.now() + offset * 86_400_000));

/** The first `count` goods codes of a demo supplier, in code order. */
export async function goodsOf(t: TestApp, suppCode: string, count = 3): Promise<string[]> {
  const { rows } = await sql<{ code: string }>`SELECT goods_code AS code FROM goods
    WHERE tenant_id = 'demo' AND supp_code = ${suppCode} ORDER BY goods_code LIMIT ${count}`.execute(t.database.db);
  return rows.map((r) => r.code);
}

export interface OrderSpec {
  key: string;
  version: number;
  supplierCode?: string;
  storeCode?: string;
  orderDate: string;
  deliveryDate: string;
  validDays: number;
  /** The lines in order (line numbers from 1): goods, quantity and unit price; the amount is theirs multiplied. */
  lines: { goodsCode: string; qty: string; price: string }[];
}

/** An order document of the integration API (100001 at 上海虹口店 unless said). */
export const orderDoc = (o: OrderSpec) => ({
  key: o.key,
  version: o.version,
  supplierCode: o.supplierCode ?? '100001',
  storeCode: o.storeCode ?? 'S0101',
  orderDate: o.orderDate,
  deliveryDate: o.deliveryDate,
  validDays: o.validDays,
  lines: o.lines.map((l, i) => ({ lineNo: i + 1, ...l, amount: (Number(l.qty) * Number(l.price)).toFixed(2) })),
});

/** Sends an order (a new one or a new version) through the integration service and expects the outcome. */
export async function sendOrder(
  t: TestApp,
  order: OrderSpec,
  outcome: 'created' | 'updated' | 'unchanged' = order.version === 1 ? 'created' : 'updated',
) {
  const answer = await ingest({ db: t.database.db }, erp, 'purchase-orders', [orderDoc(order)]);
  expect(answer.results[0]!.outcome).toBe(outcome);
}

/** The supplier's answer to each line of an order. */
export type ConfirmedLine = { lineNo: number; confirmedQty: string; promisedDate: string; note?: string };

/** Confirms an order as `user` at the version the user's detail shows (which also reads it): the call's answer. */
export async function confirmOrder(t: TestApp, user: string, billNumber: string, lines: ConfirmedLine[]) {
  const { header } = (await t.callAs(user, purchaseOrder.getPurOrderDetail, { query: { billNumber } })).data;
  return t.callAs(user, purchaseOrder.confirmPurOrder, { body: { billNumber, version: header.version, lines } as never });
}
