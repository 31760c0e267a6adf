// Two years of purchase orders and receiving lines for the demo suppliers, and their settlement (settlement.ts).
import { type Kysely, sql } from 'kysely';
import { bulkInsert, bulkLoad } from '../bulk';
import type { DB, PurOrderTable } from '../schema';
import { depts, type DemoGoods, suppliers } from './catalog';
import { centsToString, lineAmountCents, microsToString, splitTax } from './money';
import { seededRandom, type Random } from './random';
import { byBill, type SeedIngest, sendAll } from './ingest';
import { seedSettlement } from './settlement';

const dayMs = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const compact = (iso: string) => iso.replaceAll('-', '');

type Row = Record<string, string | number | boolean | null>;

interface AcceptanceLine {
  goods: DemoGoods;
  qty: number;
  freeQty: number;
  /** Refused at the dock (the short quantity of some short lines): supplier performance's rejection rate. */
  rejectedQty?: number;
}

function acceptanceRow(
  tenantId: string,
  billNumber: string,
  lineNo: number,
  suppCode: string,
  deptCode: string,
  accDate: string,
  poBill: string,
  line: AcceptanceLine,
): Row {
  const amount = lineAmountCents(line.goods.priceMicros, line.qty);
  const { exclCents, taxCents } = splitTax(amount, line.goods.taxRate);
  return {
    tenant_id: tenantId,
    bill_number: billNumber,
    line_no: lineNo,
    supp_code: suppCode,
    dept_code: deptCode,
    acc_date: accDate,
    po_bill_number: poBill,
    goods_code: line.goods.code,
    category_code: line.goods.category,
    brand_code: line.goods.brand,
    accepted_qty: String(line.qty),
    rejected_qty: String(line.rejectedQty ?? 0),
    free_qty: String(line.freeQty),
    price: microsToString(line.goods.priceMicros),
    amount: centsToString(amount),
    amount_excl: centsToString(exclCents),
    tax: centsToString(taxCents),
    tax_rate: String(line.goods.taxRate),
  };
}

export const acceptanceColumns = {
  tenant_id: 'text',
  bill_number: 'text',
  line_no: 'integer',
  supp_code: 'text',
  dept_code: 'text',
  acc_date: 'date',
  po_bill_number: 'text',
  goods_code: 'text',
  category_code: 'text',
  brand_code: 'text',
  accepted_qty: 'numeric',
  rejected_qty: 'numeric',
  free_qty: 'numeric',
  price: 'numeric',
  amount: 'numeric',
  amount_excl: 'numeric',
  tax: 'numeric',
  tax_rate: 'numeric',
} as const;

/**
 * An order's state follows its receiving: read and confirmed while nothing came, partly received while a
 * shortage may still come (20 days), done once received; past its validity (7 days) without delivery, expired or closed.
 */
function orderStatus(ageDays: number, delivered: boolean, short: boolean, random: Random): PurOrderTable['status'] {
  if (ageDays <= 1) return '已下达';
  if (!delivered) {
    if (ageDays <= 3) return '已阅读';
    if (ageDays <= 7) return '已确认';
    return random.chance(0.5) ? '已过期' : '已关闭';
  }
  if (short && ageDays <= 20) return '部分到货';
  return '已完成';
}

/**
 * Writes the orders and receiving through the integration service (the ERP's documents, version 1), then what the
 * demo's story adds after them: the suppliers' reading and confirming and the orders expired or closed since.
 */
async function sendBusiness(ingest: SeedIngest, db: Kysely<DB>, tenantId: string, orders: Row[], orderLines: Row[], acceptance: Row[]) {
  const lines = byBill(orderLines);
  await sendAll(
    ingest,
    db,
    tenantId,
    'purchase-orders',
    orders.map((o) => ({
      key: o.bill_number,
      version: 1,
      supplierCode: o.supp_code,
      storeCode: o.dept_code,
      categoryCode: o.category_code,
      orderDate: o.order_date,
      deliveryDate: o.delivery_date,
      validDays: o.valid_days,
      deliveryMode: o.delivery_mode,
      orderType: o.order_type,
      lines: (lines.get(o.bill_number as string) ?? []).map((l) => ({
        lineNo: l.line_no,
        goodsCode: l.goods_code,
        qty: l.order_qty,
        freeQty: l.free_qty,
        price: l.price,
        amount: l.amount,
        taxRate: l.tax_rate,
      })),
    })),
  );
  await sendAll(
    ingest,
    db,
    tenantId,
    'receiving',
    [...byBill(acceptance)].map(([key, rows]) => ({
      key,
      version: 1,
      supplierCode: rows[0]!.supp_code,
      storeCode: rows[0]!.dept_code,
      date: rows[0]!.acc_date,
      ...(rows[0]!.po_bill_number ? { purchaseOrder: rows[0]!.po_bill_number } : {}),
      lines: rows.map((l) => ({
        lineNo: l.line_no,
        goodsCode: l.goods_code,
        qty: l.accepted_qty,
        rejectedQty: l.rejected_qty,
        freeQty: l.free_qty,
        price: l.price,
        amount: l.amount,
        amountExcl: l.amount_excl,
        tax: l.tax,
        taxRate: l.tax_rate,
      })),
    })),
  );
  await sql`UPDATE pur_order p SET status = s.status
    FROM unnest(${orders.map((o) => o.bill_number as string)}::text[], ${orders.map((o) => o.status as string)}::text[]) AS s(key, status)
    WHERE p.tenant_id = ${tenantId} AND p.bill_number = s.key AND p.status <> s.status`.execute(db);
}

/**
 * One confirmed order of 100001 changed by the retailer afterwards (version 2: the first line's quantity up by a
 * case): through the service it goes back to 已下达, its line marked changed, waiting for re-confirmation; the bulk
 * path writes the same end state.
 */
async function changeOneOrder(db: Kysely<DB>, tenantId: string, orders: Row[], orderLines: Row[], ingest?: SeedIngest) {
  const lines = byBill(orderLines);
  const changed = orders
    .filter((o) => o.supp_code === '100001' && o.status === '已确认')
    .map((o) => o.bill_number as string)
    .sort()
    .at(-1);
  if (!changed) return;
  const o = orders.find((x) => x.bill_number === changed)!;
  const first = lines.get(changed)![0]!;
  const qty = String(Number(first.order_qty) + 12);
  const amount = (Number(first.price) * Number(qty)).toFixed(2);
  if (!ingest) {
    await sql`UPDATE pur_order_line SET prev_qty = order_qty, prev_price = price, order_qty = ${qty}::numeric, amount = ${amount}::numeric,
        changed = true, confirmed_qty = NULL, promised_date = NULL
      WHERE tenant_id = ${tenantId} AND bill_number = ${changed} AND line_no = ${first.line_no as number}`.execute(db);
    await sql`UPDATE pur_order p SET status = '已下达', reopened_at = now(), confirm_due_at = now() + interval '24 hours', confirmed_at = NULL,
        confirmed_by = NULL, read_at = NULL, read_by = NULL, version = version + 1,
        total_qty = (SELECT sum(order_qty) FROM pur_order_line l WHERE l.tenant_id = p.tenant_id AND l.bill_number = p.bill_number),
        total_amount = (SELECT sum(amount) FROM pur_order_line l WHERE l.tenant_id = p.tenant_id AND l.bill_number = p.bill_number)
      WHERE tenant_id = ${tenantId} AND bill_number = ${changed}`.execute(db);
    return;
  }
  await sendAll(ingest, db, tenantId, 'purchase-orders', [
    {
      key: changed,
      version: 2,
      state: 'changed',
      supplierCode: o.supp_code,
      storeCode: o.dept_code,
      categoryCode: o.category_code,
      orderDate: o.order_date,
      deliveryDate: o.delivery_date,
      validDays: o.valid_days,
      deliveryMode: o.delivery_mode,
      orderType: o.order_type,
      lines: (lines.get(changed) ?? []).map((l, i) => ({
        lineNo: l.line_no,
        goodsCode: l.goods_code,
        qty: i === 0 ? qty : l.order_qty,
        freeQty: l.free_qty,
        price: l.price,
        amount: i === 0 ? amount : l.amount,
        taxRate: l.tax_rate,
      })),
    },
  ]);
}

/**
 * The suppliers' answers to the orders (issue 29), written after the documents as the demo's story: every order
 * issued at 09:00 of its order date with a 24-hour deadline; read ones read an hour or two later; confirmed (and
 * received) ones confirmed in full with the order's delivery date, one in seven after the deadline; of each
 * supplier's confirmed orders waiting for goods, the first confirmed in part (a short line with its reason) and the
 * second declined (out of stock); some expired ones declined for their price.
 */
async function confirmationStory(db: Kysely<DB>, tenantId: string) {
  await sql`UPDATE pur_order SET issued_at = (order_date + time '09:00') AT TIME ZONE 'Asia/Shanghai',
      confirm_due_at = (order_date + time '09:00') AT TIME ZONE 'Asia/Shanghai' + interval '24 hours'
    WHERE tenant_id = ${tenantId}`.execute(db);
  await sql`UPDATE pur_order SET read_at = issued_at + interval '2 hours', read_by = supp_code
    WHERE tenant_id = ${tenantId} AND status NOT IN ('已下达')`.execute(db);
  await sql`UPDATE pur_order SET version = version + 1, confirmed_by = supp_code,
      confirmed_at = issued_at + CASE WHEN hashtext(bill_number) % 7 = 0 THEN interval '31 hours' ELSE interval '5 hours' END
    WHERE tenant_id = ${tenantId} AND status IN ('已确认', '部分到货', '已完成')`.execute(db);
  await sql`UPDATE pur_order_line l SET confirmed_qty = l.order_qty, promised_date = o.delivery_date
    FROM pur_order o WHERE o.tenant_id = ${tenantId} AND l.tenant_id = o.tenant_id AND l.bill_number = o.bill_number
      AND o.status IN ('已确认', '部分到货', '已完成')`.execute(db);
  await sql`WITH ranked AS (
      SELECT bill_number, row_number() OVER (PARTITION BY supp_code ORDER BY bill_number) AS n FROM pur_order
      WHERE tenant_id = ${tenantId} AND status = '已确认'
    ), partly AS (
      UPDATE pur_order o SET status = '部分确认' FROM ranked r
      WHERE o.tenant_id = ${tenantId} AND o.bill_number = r.bill_number AND r.n = 1 RETURNING o.bill_number
    ), short AS (
      UPDATE pur_order_line l SET confirmed_qty = greatest(1, floor(l.order_qty * 0.6)), confirm_note = '产能不足，余量下周补送'
      FROM partly p WHERE l.tenant_id = ${tenantId} AND l.bill_number = p.bill_number AND l.line_no = 1 AND l.order_qty > 1
    )
    UPDATE pur_order o SET status = '已拒绝', decline_reason = '缺货', decline_note = '原料断供，两周内无法供货'
    FROM ranked r WHERE o.tenant_id = ${tenantId} AND o.bill_number = r.bill_number AND r.n = 2`.execute(db);
  await sql`UPDATE pur_order_line l SET confirmed_qty = NULL, promised_date = NULL
    FROM pur_order o WHERE o.tenant_id = ${tenantId} AND l.tenant_id = o.tenant_id AND l.bill_number = o.bill_number AND o.status = '已拒绝'`.execute(
    db,
  );
  await sql`UPDATE pur_order SET status = '已拒绝', decline_reason = '价格异议', decline_note = '原料涨价，按原价无法供货',
      confirmed_at = issued_at + interval '6 hours', confirmed_by = supp_code, version = version + 1
    WHERE tenant_id = ${tenantId} AND status = '已过期' AND hashtext(bill_number) % 5 = 0`.execute(db);
}

export async function seedBusiness(db: Kysely<DB>, tenantId: string, today: Date, ingest?: SeedIngest): Promise<void> {
  const random = seededRandom(20250603);
  const orders: Row[] = [];
  const orderLines: Row[] = [];
  const acceptance: Row[] = [];
  const seqByDay = new Map<string, number>();
  const nextBill = (prefix: string, day: string) => {
    const key = `${prefix}${day}`;
    const seq = (seqByDay.get(key) ?? 0) + 1;
    seqByDay.set(key, seq);
    return `${prefix}${compact(day)}-${String(seq).padStart(4, '0')}`;
  };

  for (let ageDays = 730; ageDays >= 0; ageDays--) {
    const orderDay = new Date(today.getTime() - ageDays * dayMs);
    const orderDate = isoDate(orderDay);
    for (const supplier of suppliers) {
      // About two orders a week per supplier, more for the bigger ones.
      if (!random.chance(supplier.code === '100001' ? 0.45 : 0.28)) continue;
      const dept = random.pick(depts);
      const lineCount = random.int(2, Math.min(6, supplier.goods.length));
      const picked = [...supplier.goods].sort(() => random.next() - 0.5).slice(0, lineCount);
      const billNumber = nextBill('PO', orderDate);
      const received = ageDays > 3 && random.chance(0.97);
      let short = false;
      const lines = picked.map((goods) => {
        const qty = goods.caseQty * random.int(2, 20);
        const shortQty = received && random.chance(0.12) ? random.int(1, Math.max(1, Math.floor(qty / 10))) : 0;
        if (shortQty) short = true;
        // An odd short quantity was refused at the dock (rejected); an even one never came.
        const rejected = shortQty % 2 === 1 ? shortQty : 0;
        return { goods, qty, accepted: received ? qty - shortQty : 0, rejected, freeQty: random.chance(0.05) ? goods.caseQty : 0 };
      });
      let totalQty = 0;
      let totalCents = 0;
      lines.forEach((line, index) => {
        const amount = lineAmountCents(line.goods.priceMicros, line.qty);
        totalQty += line.qty;
        totalCents += amount;
        orderLines.push({
          tenant_id: tenantId,
          bill_number: billNumber,
          line_no: index + 1,
          goods_code: line.goods.code,
          order_qty: String(line.qty),
          received_qty: String(line.accepted),
          free_qty: String(line.freeQty),
          price: microsToString(line.goods.priceMicros),
          amount: centsToString(amount),
          tax_rate: String(line.goods.taxRate),
        });
      });
      const status = orderStatus(ageDays, received, short, random);
      orders.push({
        tenant_id: tenantId,
        bill_number: billNumber,
        supp_code: supplier.code,
        dept_code: dept.code,
        category_code: picked[0]!.category.slice(0, 2),
        order_date: orderDate,
        valid_days: 7,
        delivery_date: isoDate(new Date(orderDay.getTime() + 3 * dayMs)),
        delivery_mode: dept.type === 'dc' ? '配送' : '直送',
        order_type: random.chance(0.1) ? '急补' : '普通',
        status,
        total_qty: String(totalQty),
        total_amount: centsToString(totalCents),
      });
      if (received) {
        const accDate = isoDate(new Date(orderDay.getTime() + random.int(2, 3) * dayMs));
        const accBill = nextBill('YS', accDate);
        lines.forEach((line, index) => {
          acceptance.push(
            acceptanceRow(tenantId, accBill, index + 1, supplier.code, dept.code, accDate, billNumber, {
              goods: line.goods,
              qty: line.accepted,
              freeQty: line.freeQty,
              rejectedQty: line.rejected,
            }),
          );
        });
      }
    }
  }

  // Two years of documents, then the story rewriting every order: the performance figures (0040) are computed once
  // at the end, not again by each statement (migration 0045). The caller's transaction holds the setting.
  await sql`SET LOCAL portal.perf_deferred = 'on'`.execute(db);
  if (ingest) await sendBusiness(ingest, db, tenantId, orders, orderLines, acceptance);
  else await bulkBusiness(db, orders, orderLines, acceptance);
  await confirmationStory(db, tenantId);
  await changeOneOrder(db, tenantId, orders, orderLines, ingest);
  await seedSettlement(db, tenantId, today, acceptance, ingest);
  await sql`SET LOCAL portal.perf_deferred = 'off'`.execute(db);
  // Planned on the tables as they now are (written in this transaction: the figures of autovacuum are of before).
  await sql`ANALYZE pur_order, pur_order_line, acceptance`.execute(db);
  await sql`SELECT perf_refresh(ARRAY(SELECT ARRAY[tenant_id, bill_number] FROM pur_order WHERE tenant_id = ${tenantId}))`.execute(db);
}

/** The same rows by the database's own bulk insert (callers below modules/ that have no service to hand in). */
async function bulkBusiness(db: Kysely<DB>, orders: Row[], orderLines: Row[], acceptance: Row[]) {
  await bulkInsert(
    db,
    'pur_order',
    {
      tenant_id: 'text',
      bill_number: 'text',
      supp_code: 'text',
      dept_code: 'text',
      category_code: 'text',
      order_date: 'date',
      valid_days: 'integer',
      delivery_date: 'date',
      delivery_mode: 'text',
      order_type: 'text',
      status: 'text',
      total_qty: 'numeric',
      total_amount: 'numeric',
    },
    orders,
  );
  await bulkInsert(
    db,
    'pur_order_line',
    {
      tenant_id: 'text',
      bill_number: 'text',
      line_no: 'integer',
      goods_code: 'text',
      order_qty: 'numeric',
      received_qty: 'numeric',
      free_qty: 'numeric',
      price: 'numeric',
      amount: 'numeric',
      tax_rate: 'numeric',
    },
    orderLines,
  );
  await bulkInsert(db, 'acceptance', acceptanceColumns, acceptance);
}

/**
 * Grows the receiving lines to at least `target` rows (for benchmarks), with synthetic bills of the demo suppliers.
 * Each batch is a bulk load (migration 0048): one audit entry, not one per line, which made a million lines take
 * minutes.
 */
export async function growAcceptance(db: Kysely<DB>, tenantId: string, target: number, today = new Date()): Promise<number> {
  const countOf = async () =>
    Number(
      (
        await db
          .selectFrom('acceptance')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  let count = await countOf();
  const random = seededRandom(count + 7);
  let billSeq = 0;
  let batches = 0;
  while (count < target) {
    const batch: Row[] = [];
    while (batch.length < 20_000 && count + batch.length < target) {
      const supplier = random.pick(suppliers);
      const dept = random.pick(depts);
      const accDate = isoDate(new Date(today.getTime() - random.int(0, 730) * dayMs));
      const bill = `YB${compact(accDate)}-${count + batch.length}-${billSeq++}`;
      const lines = random.int(1, 5);
      for (let i = 0; i < lines && count + batch.length < target; i++) {
        const goods = random.pick(supplier.goods);
        batch.push(
          acceptanceRow(tenantId, bill, i + 1, supplier.code, dept.code, accDate, '', {
            goods,
            qty: goods.caseQty * random.int(1, 20),
            freeQty: 0,
          }),
        );
      }
    }
    await bulkLoad(db, tenantId, { job: 'grow receiving', lines: batch.length }, (trx) =>
      bulkInsert(trx, 'acceptance', acceptanceColumns, batch, 5000),
    );
    count += batch.length;
    // What autovacuum does (a server may run without it): fresh statistics as the table grows, else the rollup
    // triggers are planned for an empty one; and the rollups' dead rows cleared (every batch updates their sums).
    if (++batches % 10 === 1) await sql`VACUUM ANALYZE acceptance, acceptance_daily, acceptance_monthly`.execute(db);
  }
  await sql`VACUUM ANALYZE acceptance, acceptance_daily, acceptance_monthly`.execute(db);
  return count;
}
