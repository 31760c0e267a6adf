// Delivery notes of the demo (issue 29, part B): the food goods' shelf life, and orders of this week sent through
// the integration service and confirmed (by SQL: the confirmation screens are part A's): for 100001 at 上海虹口店
// (S0101) and both DCs, for 100002 at D0001. Notes from their lines, all 已创建 here: one across two orders of the
// same store, one 已收货 at the DC with a shortage and a rejection (received through the service like the WMS's
// receiving), and the notes the dock's seed books (dock.ts: 待确认, 已确认, 已拒绝, 已取消, two left to book).
import { businessDay } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema';
import { suppliers } from './catalog';
import { type SeedIngest, sendAll } from './ingest';
import { centsToString, lineAmountCents, microsToString } from './money';

const dayMs = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const compact = (iso: string) => iso.replaceAll('-', '');

/** Shelf life in days by category (two-digit prefix or full code): food only; 日化洗护 (14) has none. */
const shelfLife: [string, number][] = [
  ['1202', 21],
  ['1203', 720],
  ['1201', 180],
  ['10', 270],
  ['11', 365],
  ['12', 180],
  ['13', 365],
  ['15', 7],
];

export async function seedShelfLife(db: Kysely<DB>, tenantId: string): Promise<void> {
  for (const [prefix, days] of shelfLife)
    await sql`UPDATE goods SET shelf_life_days = ${days}
      WHERE tenant_id = ${tenantId} AND shelf_life_days IS NULL AND category_code LIKE ${`${prefix}%`}`.execute(db);
}

interface OrderPlan {
  key: string;
  supp: string;
  store: string;
  lines: { goods: string; cases: number }[];
}

/** A demo note's number: SH + the business day + its number in the demo (the dock's seed books them by it). */
export const demoNoteNumber = (today: Date, n: number) => `SH${compact(businessDay(today))}${String(n).padStart(4, '0')}`;

/** Days of shelf life of a category (the first entry of `shelfLife` that matches, as seedShelfLife assigns them). */
const shelfDaysOf = (category: string) => shelfLife.find(([prefix]) => category.startsWith(prefix))?.[1] ?? 365;

export async function seedDeliveryNotes(db: Kysely<DB>, tenantId: string, today: Date, ingest: SeedIngest): Promise<void> {
  const goodsOf = (supp: string, code: string) => suppliers.find((s) => s.code === supp)!.goods.find((g) => g.code === code)!;
  const orderDay = isoDate(new Date(today.getTime() - 2 * dayMs));
  const key = (n: number) => `PO${compact(orderDay)}-${n}`;
  // 8001-8003: the notes' own story; 8004 (D0001), 8005 (D0002) and 8006 (100002 at D0001): the notes the dock's
  // seed books (dock.ts). Lines left open for new notes: 8001's third half delivered, 8002's second line.
  const plans: OrderPlan[] = [
    {
      key: key(8001),
      supp: '100001',
      store: 'S0101',
      lines: [
        { goods: '600101', cases: 10 },
        { goods: '600104', cases: 6 },
        { goods: '600106', cases: 8 },
      ],
    },
    {
      key: key(8002),
      supp: '100001',
      store: 'S0101',
      lines: [
        { goods: '600102', cases: 5 },
        { goods: '600107', cases: 4 },
      ],
    },
    {
      key: key(8003),
      supp: '100001',
      store: 'D0001',
      lines: [
        { goods: '600103', cases: 20 },
        { goods: '600105', cases: 12 },
      ],
    },
    {
      key: key(8004),
      supp: '100001',
      store: 'D0001',
      lines: [
        { goods: '600101', cases: 36 },
        { goods: '600102', cases: 48 },
        { goods: '600104', cases: 60 },
        { goods: '600108', cases: 24 },
      ],
    },
    { key: key(8005), supp: '100001', store: 'D0002', lines: [{ goods: '600105', cases: 20 }] },
    { key: key(8006), supp: '100002', store: 'D0001', lines: [{ goods: '600201', cases: 30 }] },
  ];
  const qtyOf = (p: OrderPlan, l: { goods: string; cases: number }) => goodsOf(p.supp, l.goods).caseQty * l.cases;
  await sendAll(
    ingest,
    db,
    tenantId,
    'purchase-orders',
    plans.map((p) => ({
      key: p.key,
      version: 1,
      supplierCode: p.supp,
      storeCode: p.store,
      orderDate: orderDay,
      deliveryDate: isoDate(new Date(today.getTime() + 2 * dayMs)),
      deliveryMode: p.store.startsWith('D') ? '配送' : '直送',
      lines: p.lines.map((l, i) => ({
        lineNo: i + 1,
        goodsCode: l.goods,
        qty: String(qtyOf(p, l)),
        price: microsToString(goodsOf(p.supp, l.goods).priceMicros),
        amount: centsToString(lineAmountCents(goodsOf(p.supp, l.goods).priceMicros, qtyOf(p, l))),
      })),
    })),
  );
  const keys = plans.map((p) => p.key);
  // Confirmed in full by the supplier (part A's screens do this; the seed writes it until they are merged).
  await sql`UPDATE pur_order_line SET confirmed_qty = order_qty, promised_date = ${isoDate(new Date(today.getTime() + 2 * dayMs))}::date
    WHERE tenant_id = ${tenantId} AND bill_number = ANY(${keys}::text[])`.execute(db);
  await sql`UPDATE pur_order SET status = '已确认', confirmed_at = ${new Date(today.getTime() - dayMs)}, confirmed_by = supp_code
    WHERE tenant_id = ${tenantId} AND bill_number = ANY(${keys}::text[])`.execute(db);

  const day = businessDay(today);
  const number = (n: number) => demoNoteNumber(today, n);
  const production = isoDate(new Date(today.getTime() - 20 * dayMs));
  /** A note's line: order plan, its line (1-based), the share of the line's quantity delivered and the packages. */
  const from = (plan: number, lineNo: number, packages: number, share = 1) => {
    const p = plans[plan]!;
    const l = p.lines[lineNo - 1]!;
    return { po: p.key, line: lineNo, goods: l.goods, qty: qtyOf(p, l) * share, packages };
  };
  const notes: { n: number; supp: string; store: string; lines: ReturnType<typeof from>[] }[] = [
    { n: 1, supp: '100001', store: 'S0101', lines: [from(0, 1, 10), from(0, 2, 6)] },
    { n: 2, supp: '100001', store: 'S0101', lines: [from(0, 3, 4, 0.5), from(1, 1, 5)] },
    { n: 3, supp: '100001', store: 'D0001', lines: [from(2, 1, 20), from(2, 2, 12)] },
    { n: 4, supp: '100001', store: 'D0001', lines: [from(3, 1, 36)] },
    { n: 5, supp: '100001', store: 'D0001', lines: [from(3, 2, 48)] },
    { n: 6, supp: '100001', store: 'D0001', lines: [from(3, 3, 60)] },
    { n: 7, supp: '100001', store: 'D0002', lines: [from(4, 1, 20)] },
    { n: 8, supp: '100001', store: 'D0001', lines: [from(3, 4, 24)] },
    { n: 9, supp: '100002', store: 'D0001', lines: [from(5, 1, 30)] },
  ];
  for (const note of notes) {
    await db
      .insertInto('delivery_note')
      .values({
        tenant_id: tenantId,
        note_number: number(note.n),
        supp_code: note.supp,
        dept_code: note.store,
        status: '已创建',
        packages: note.lines.reduce((s, l) => s + l.packages, 0),
        created_by: note.supp,
        created_at: new Date(today.getTime() - dayMs + note.n * 3_600_000),
        expected_date: isoDate(new Date(today.getTime() + (note.n === 3 ? 0 : 1) * dayMs)),
        cancelled_at: null,
        cancelled_by: null,
        received_at: null,
        received_by: null,
        receiving_bill: null,
      })
      .execute();
    await db
      .insertInto('delivery_note_line')
      .values(
        note.lines.map((l, i) => ({
          tenant_id: tenantId,
          note_number: number(note.n),
          line_no: i + 1,
          po_bill_number: l.po,
          po_line_no: l.line,
          goods_code: l.goods,
          qty: String(l.qty),
          packages: l.packages,
          batch_no: `B${compact(production)}${i + 1}`,
          production_date: production,
          expiry_date: isoDate(
            new Date(new Date(`${production}T00:00:00Z`).getTime() + shelfDaysOf(goodsOf(note.supp, l.goods).category) * dayMs),
          ),
          received_qty: null,
          rejected_qty: null,
        })),
      )
      .execute();
  }
  // The SH series of today continues after the demo's notes.
  await sql`INSERT INTO bill_sequence (tenant_id, prefix, day, last_value) VALUES (${tenantId}, 'SH', ${day}::date, ${notes.length})
    ON CONFLICT (tenant_id, prefix, day) DO UPDATE SET last_value = greatest(bill_sequence.last_value, excluded.last_value)`.execute(db);

  // The DC received note 3: 600103 six short, 600105 two refused as damaged.
  const received = notes[2]!;
  const [short, damaged] = received.lines as [(typeof received.lines)[0], (typeof received.lines)[0]];
  const line = (lineNo: number, l: typeof short, qty: number, rejected: number) => ({
    lineNo,
    goodsCode: l.goods,
    qty: String(qty),
    rejectedQty: String(rejected),
    ...(rejected > 0 ? { rejectReason: '破损' } : {}),
    price: microsToString(goodsOf('100001', l.goods).priceMicros),
    amount: centsToString(lineAmountCents(goodsOf('100001', l.goods).priceMicros, qty)),
  });
  await sendAll(ingest, db, tenantId, 'receiving', [
    {
      key: number(received.n),
      version: 1,
      supplierCode: received.supp,
      storeCode: received.store,
      date: day,
      deliveryNote: number(received.n),
      lines: [line(1, short, short.qty - 6, 0), line(2, damaged, damaged.qty - 2, 2)],
    },
  ]);
}
