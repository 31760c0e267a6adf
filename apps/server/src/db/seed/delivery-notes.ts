// Delivery notes of the demo (issue 29, part B): the food goods' shelf life, and orders of this week sent through
// the integration service and confirmed in full by their suppliers: for 100001 at 上海虹口店 (S0101) and both DCs,
// for 100002 at D0001. Notes from their lines, made through the delivery notes' service as the screen makes them
// (db/seed/actions.ts: each with its audit and event): one across two orders of the same store, one 已收货 at the DC
// with a shortage and a rejection (received through the integration service like the WMS's receiving), and the
// notes the dock's seed books (dock.ts: 待确认, 已确认, 已拒绝, 已取消, two left to book).
import { addDays, businessDay } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema';
import { suppliers } from './catalog';
import { type SeedActions, type SeedActor, seedActor } from './actions';
import { type SeedIngest, sendAll } from './ingest';
import { centsToString, lineAmountCents, microsToString } from './money';

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

export async function seedDeliveryNotes(
  db: Kysely<DB>,
  tenantId: string,
  today: Date,
  ingest: SeedIngest,
  actions: SeedActions,
): Promise<void> {
  const goodsOf = (supp: string, code: string) => suppliers.find((s) => s.code === supp)!.goods.find((g) => g.code === code)!;
  // Days of the retailer (UTC+8), as the services count them.
  const day = businessDay(today);
  const orderDay = addDays(day, -2);
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
      deliveryDate: addDays(day, 2),
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
  // Each supplier reads its orders and confirms them in full, promising delivery in two days.
  const actors = new Map<string, SeedActor>();
  for (const supp of new Set(plans.map((p) => p.supp))) actors.set(supp, await seedActor(db, tenantId, supp));
  const promised = addDays(day, 2);
  for (const p of plans)
    await actions.confirmOrder(db, actors.get(p.supp)!, today, {
      billNumber: p.key,
      lines: p.lines.map((l, i) => ({ lineNo: i + 1, confirmedQty: String(qtyOf(p, l)), promisedDate: promised })),
    });

  const production = addDays(day, -20);
  /** A note's line: order plan, its line (1-based), the packages and the share of the line's quantity delivered. */
  const from = (plan: number, lineNo: number, packages: number, share = 1) => {
    const p = plans[plan]!;
    const l = p.lines[lineNo - 1]!;
    return { po: p.key, line: lineNo, goods: l.goods, qty: qtyOf(p, l) * share, packages };
  };
  const notes: { n: number; supp: string; lines: ReturnType<typeof from>[] }[] = [
    { n: 1, supp: '100001', lines: [from(0, 1, 10), from(0, 2, 6)] },
    { n: 2, supp: '100001', lines: [from(0, 3, 4, 0.5), from(1, 1, 5)] },
    { n: 3, supp: '100001', lines: [from(2, 1, 20), from(2, 2, 12)] },
    { n: 4, supp: '100001', lines: [from(3, 1, 36)] },
    { n: 5, supp: '100001', lines: [from(3, 2, 48)] },
    { n: 6, supp: '100001', lines: [from(3, 3, 60)] },
    { n: 7, supp: '100001', lines: [from(4, 1, 20)] },
    { n: 8, supp: '100001', lines: [from(3, 4, 24)] },
    { n: 9, supp: '100002', lines: [from(5, 1, 30)] },
  ];
  // Made as the screen makes them (the store or DC is the orders'); the SH series of today starts with them.
  for (const note of notes) {
    const number = await actions.createNote(db, actors.get(note.supp)!, today, {
      expectedDate: addDays(day, note.n === 3 ? 0 : 1),
      lines: note.lines.map((l, i) => ({
        billNumber: l.po,
        lineNo: l.line,
        qty: String(l.qty),
        packages: l.packages,
        batchNo: `B${compact(production)}${i + 1}`,
        productionDate: production,
        expiryDate: addDays(production, shelfDaysOf(goodsOf(note.supp, l.goods).category)),
      })),
    });
    if (number !== demoNoteNumber(today, note.n)) throw new Error(`the demo's note ${note.n} was numbered ${number}`);
  }

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
      key: demoNoteNumber(today, received.n),
      version: 1,
      supplierCode: received.supp,
      storeCode: plans[2]!.store,
      date: day,
      deliveryNote: demoNoteNumber(today, received.n),
      lines: [line(1, short, short.qty - 6, 0), line(2, damaged, damaged.qty - 2, 2)],
    },
  ]);
}
