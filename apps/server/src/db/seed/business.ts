// Two years of purchase orders and receiving lines for the demo suppliers, and their settlement (settlement.ts).
import { type Kysely, sql } from 'kysely';
import { bulkInsert } from '../bulk';
import type { DB, PurOrderTable } from '../schema';
import { depts, type DemoGoods, suppliers } from './catalog';
import { centsToString, lineAmountCents, microsToString, splitTax } from './money';
import { seededRandom, type Random } from './random';
import { seedSettlement } from './settlement';

const dayMs = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const compact = (iso: string) => iso.replaceAll('-', '');

type Row = Record<string, string | number | boolean | null>;

interface AcceptanceLine {
  goods: DemoGoods;
  qty: number;
  freeQty: number;
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

export async function seedBusiness(db: Kysely<DB>, tenantId: string, today: Date): Promise<void> {
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
        return { goods, qty, accepted: received ? qty - shortQty : 0, freeQty: random.chance(0.05) ? goods.caseQty : 0 };
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
            }),
          );
        });
      }
    }
  }

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
  await seedSettlement(db, tenantId, today, acceptance);
}

/** Grows the receiving lines to at least `target` rows (for benchmarks), with synthetic bills of the demo suppliers. */
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
    await bulkInsert(db, 'acceptance', acceptanceColumns, batch, 5000);
    count += batch.length;
  }
  await sql`ANALYZE acceptance`.execute(db);
  return count;
}
