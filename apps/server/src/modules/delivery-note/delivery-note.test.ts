// Delivery notes: making one (open quantity, tolerance, one store, shelf-life fields, only the supplier's own lines),
// cancelling (409s), scope (another supplier: 404; a child without 新建: 403), and receiving against a note (the
// acceptance lines, rollups and order quantities it moves, once only), from the portal and from the WMS.
import { businessDay, deliveryNote, integration } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkLoad } from '../../db/bulk';
import { listCountCap } from '../../platform/list/server-list';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';
import { multipart } from '../../test/multipart';
import { ingest } from '../integration/documents/service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ business: true });
});
afterAll(() => t.close());

const db = () => t.database.db;
let orderSeq = 0;

/**
 * An order of `supp` for `store` through the integration service, confirmed in full by SQL (the confirmation
 * screens are part A's): answers its number. Lines: goods code and quantity.
 */
async function confirmedOrder(supp: string, store: string, lines: [string, number][], status = '已确认'): Promise<string> {
  orderSeq++;
  const key = `POT${supp}-${orderSeq}`;
  const answer = await ingest({ db: db() }, { tenantId: 'demo', source: 'seed' }, 'purchase-orders', [
    {
      key,
      version: 1,
      supplierCode: supp,
      storeCode: store,
      orderDate: businessDay(new Date()),
      deliveryDate: businessDay(new Date()),
      lines: lines.map(([goodsCode, qty], i) => ({
        lineNo: i + 1,
        goodsCode,
        qty: String(qty),
        price: '2.50',
        amount: (qty * 2.5).toFixed(2),
      })),
    },
  ]);
  expect(answer.results[0]!.outcome).toBe('created');
  await sql`UPDATE pur_order_line SET confirmed_qty = order_qty, promised_date = current_date WHERE tenant_id = 'demo' AND bill_number = ${key}`.execute(
    db(),
  );
  await sql`UPDATE pur_order SET status = ${status} WHERE tenant_id = 'demo' AND bill_number = ${key}`.execute(db());
  return key;
}

const today = () => businessDay(new Date());
const line = (billNumber: string, lineNo: number, qty: string, extra: object = {}) => ({
  billNumber,
  lineNo,
  qty,
  packages: 1,
  batchNo: 'B1',
  productionDate: today(),
  expiryDate: '2099-01-01',
  ...extra,
});
const create = (user: string, lines: object[], expectedDate = today()) =>
  t.callAs(user, deliveryNote.createDeliveryNote, { body: { expectedDate, lines } as never });
const detail = (user: string, noteNumber: string) => t.callAs(user, deliveryNote.getDeliveryNoteDetail, { query: { noteNumber } });
const cancel = (user: string, noteNumber: string) => t.callAs(user, deliveryNote.cancelDeliveryNote, { body: { noteNumber } });
const receive = (user: string, noteNumber: string, lines: object[]) =>
  t.callAs(user, deliveryNote.postReceiving, { body: { noteNumber, lines } as never });
const setParam = (code: string, value: string) =>
  sql`UPDATE system_param SET parameter_value = ${value} WHERE tenant_id = 'demo' AND parameter_code = ${code}`.execute(db());
const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows[0]!;

// First, before the tests below make and receive notes of their own.
describe('the demo notes and their dock bookings', () => {
  it('books only real notes with lines, in every state for 100001, with notes left to book and counters that match', async () => {
    const lineless = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM delivery_note n
      WHERE NOT EXISTS (SELECT 1 FROM delivery_note_line l WHERE l.tenant_id = n.tenant_id AND l.note_number = n.note_number)`);
    expect(lineless.n).toBe(0);
    const bookings = (
      await sql<{
        supp: string;
        status: string;
        dept: string;
        note_dept: string;
        note_status: string;
        packages: number;
        note_packages: number;
      }>`
        SELECT b.supp_code AS supp, b.status, s.dept_code AS dept, n.dept_code AS note_dept, n.status AS note_status,
          b.packages, n.packages AS note_packages
        FROM dock_booking b JOIN dock_slot s ON s.id = b.slot_id
        JOIN delivery_note n ON n.tenant_id = b.tenant_id AND n.note_number = b.note_number
        WHERE b.tenant_id = 'demo' ORDER BY b.id`.execute(db())
    ).rows;
    expect([...new Set(bookings.filter((b) => b.supp === '100001').map((b) => b.status))].sort()).toEqual(
      ['已取消', '已拒绝', '已确认', '待确认'].sort(),
    );
    expect(bookings.filter((b) => b.supp === '100002')).toHaveLength(1);
    for (const b of bookings) {
      expect(b.dept).toBe(b.note_dept);
      expect(b.packages).toBe(b.note_packages);
      expect(b.note_status).toBe(b.status === '待确认' || b.status === '已确认' ? '已预约' : '已创建');
    }
    const refused = await one(sql<{ reason: string }>`SELECT reason FROM dock_booking WHERE tenant_id = 'demo' AND status = '已拒绝'`);
    expect(refused.reason).not.toBe('');
    const free = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM delivery_note n
      WHERE n.tenant_id = 'demo' AND n.supp_code = '100001' AND n.status = '已创建'
        AND NOT EXISTS (SELECT 1 FROM dock_booking b WHERE b.tenant_id = n.tenant_id AND b.note_number = n.note_number)`);
    expect(free.n).toBeGreaterThanOrEqual(2);
    const booked = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM delivery_note
      WHERE tenant_id = 'demo' AND status = '已预约'`);
    expect(booked.n).toBe(bookings.filter((b) => b.status === '待确认' || b.status === '已确认').length);
    const mismatched = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM dock_slot s
      LEFT JOIN (SELECT slot_id, count(*)::int AS d, sum(packages)::int AS p FROM dock_booking
        WHERE status IN ('待确认', '已确认') GROUP BY slot_id) x ON x.slot_id = s.id
      WHERE s.tenant_id = 'demo' AND (s.booked_deliveries <> coalesce(x.d, 0) OR s.booked_packages <> coalesce(x.p, 0))`);
    expect(mismatched.n).toBe(0);
    // Each note's lines come from confirmed lines of its own store's orders, within their confirmed quantity.
    const stray = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM delivery_note_line l
      JOIN delivery_note n USING (tenant_id, note_number)
      JOIN pur_order o ON o.tenant_id = l.tenant_id AND o.bill_number = l.po_bill_number
      JOIN pur_order_line ol ON ol.tenant_id = l.tenant_id AND ol.bill_number = l.po_bill_number AND ol.line_no = l.po_line_no
      WHERE l.tenant_id = 'demo' AND (o.dept_code <> n.dept_code OR o.supp_code <> n.supp_code OR ol.confirmed_qty IS NULL
        OR l.qty > ol.confirmed_qty OR ol.goods_code <> l.goods_code)`);
    expect(stray.n).toBe(0);
  });

  it('made the demo confirmations, notes and bookings through the services: each with its history and event', async () => {
    const trail = (
      await sql<{ kind: string; record: string; history: string; events: string }>`
        SELECT 'note' AS kind, n.note_number AS record,
          (SELECT string_agg(h.action, ',' ORDER BY h.id) FROM record_history h
            WHERE h.tenant_id = n.tenant_id AND h.record_type = 'delivery-note' AND h.record_id = n.note_number) AS history,
          (SELECT string_agg(e.topic, ',' ORDER BY e.id) FROM event e
            WHERE e.tenant_id = n.tenant_id AND e.subject = n.note_number AND e.topic LIKE 'order.delivery-note.%') AS events
        FROM delivery_note n WHERE n.tenant_id = 'demo'
        UNION ALL
        SELECT 'booking', b.status,
          (SELECT string_agg(h.action, ',' ORDER BY h.id) FROM record_history h
            WHERE h.tenant_id = b.tenant_id AND h.record_type = 'dock-booking' AND h.record_id = b.id::text),
          (SELECT string_agg(e.topic, ',' ORDER BY e.id) FROM event e
            WHERE e.tenant_id = b.tenant_id AND e.subject = b.note_number AND e.topic LIKE 'dock.booking.%')
        FROM dock_booking b WHERE b.tenant_id = 'demo'
        UNION ALL
        SELECT 'order', o.bill_number,
          (SELECT string_agg(h.action, ',' ORDER BY h.id) FROM record_history h
            WHERE h.tenant_id = o.tenant_id AND h.record_type = 'pur-order' AND h.record_id = o.bill_number),
          (SELECT string_agg(e.topic, ',' ORDER BY e.id) FROM event e
            WHERE e.tenant_id = o.tenant_id AND e.subject = o.bill_number AND e.topic = 'purchase-order.order.confirmed')
        FROM pur_order o WHERE o.tenant_id = 'demo'
          AND EXISTS (SELECT 1 FROM delivery_note_line l WHERE l.tenant_id = o.tenant_id AND l.po_bill_number = o.bill_number)`.execute(
        db(),
      )
    ).rows;
    const notes = trail.filter((r) => r.kind === 'note');
    expect(notes.length).toBeGreaterThanOrEqual(9);
    for (const n of notes) {
      expect(n.history, n.record).toMatch(/^create/);
      expect(n.events, n.record).toMatch(/^order\.delivery-note\.created/);
    }
    expect(notes.filter((n) => n.events.includes('order.delivery-note.received')).length).toBeGreaterThan(0);
    const story: Record<string, [string, string]> = {
      待确认: ['book', 'dock.booking.made'],
      已确认: ['book,confirm', 'dock.booking.made,dock.booking.confirmed'],
      已拒绝: ['book,refuse', 'dock.booking.made,dock.booking.refused'],
      已取消: ['book,cancel', 'dock.booking.made,dock.booking.cancelled'],
    };
    const bookings = trail.filter((r) => r.kind === 'booking');
    expect(bookings.length).toBeGreaterThanOrEqual(6);
    for (const b of bookings) expect([b.history, b.events], b.record).toEqual(story[b.record]);
    const orders = trail.filter((r) => r.kind === 'order');
    expect(orders.length).toBeGreaterThanOrEqual(6);
    for (const o of orders) {
      expect(o.history, o.record).toBe('read,confirm');
      expect(o.events, o.record).toBe('purchase-order.order.confirmed');
    }
  });
});

describe('making a delivery note', () => {
  it('lists the confirmed lines still open, less what other notes hold', async () => {
    const po = await confirmedOrder('100001', 'S0102', [
      ['600101', 120],
      ['600104', 60],
    ]);
    expect((await create('100001', [line(po, 1, '50')])).status).toBe(200);
    const open = (await t.callAs('100001', deliveryNote.getOpenLines, { query: { deptCode: 'S0102' } })).data;
    const first = open.lines.find((l) => l.billNumber === po && l.lineNo === 1)!;
    expect(first).toMatchObject({ confirmedQty: '120.000', onNotes: '50.000', openQty: '70.000', maxQty: '70.000', shelfLifeDays: 270 });
    expect(open.lines.every((l) => l.deptCode === 'S0102')).toBe(true);
    // Another supplier sees none of it.
    const other = (await t.callAs('100002', deliveryNote.getOpenLines, { query: {} })).data;
    expect(other.lines.some((l) => l.billNumber === po)).toBe(false);
  });

  it('numbers it SH + day + 4 digits, writes its lines, history and event', async () => {
    const po = await confirmedOrder('100001', 'S0101', [
      ['600101', 24],
      ['600104', 30],
    ]);
    const res = await create('100001', [line(po, 1, '24', { packages: 2 }), line(po, 2, '30', { packages: 1 })]);
    expect(res.status).toBe(200);
    const note = res.data;
    expect(note.header.noteNumber).toMatch(new RegExp(`^SH${today().replaceAll('-', '')}\\d{4}$`));
    expect(note.header).toMatchObject({
      status: '已创建',
      deptCode: 'S0101',
      packages: 3,
      totalQty: '54.000',
      lineCount: 2,
      receivedQty: '',
    });
    expect(note.lines.map((l) => [l.billNumber, l.poLineNo, l.qty, l.batchNo])).toEqual([
      [po, 1, '24.000', 'B1'],
      [po, 2, '30.000', 'B1'],
    ]);
    const events = await one(
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM event WHERE topic = 'order.delivery-note.created' AND subject = ${note.header.noteNumber}`,
    );
    expect(events.n).toBe(1);
    const history = await one(
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM record_history WHERE record_type = 'delivery-note' AND record_id = ${note.header.noteNumber}`,
    );
    expect(history.n).toBe(1);
  });

  it('refuses more than is open, within the tenant tolerance', async () => {
    const po = await confirmedOrder('100001', 'S0101', [['600101', 100]]);
    expect((await create('100001', [line(po, 1, '100.001')])).status).toBe(400);
    await setParam('overDeliveryPercent', '10');
    try {
      const over = await create('100001', [line(po, 1, '111')]);
      expect(over.status).toBe(400);
      expect(over.envelope.message).toMatch(/body\.lines\.0\.qty/);
      const ok = await create('100001', [line(po, 1, '110')]);
      expect(ok.status).toBe(200);
      // Nothing is left for a second note, until the first is cancelled.
      expect((await create('100001', [line(po, 1, '1')])).status).toBe(400);
      expect((await cancel('100001', ok.data.header.noteNumber)).status).toBe(200);
      expect((await create('100001', [line(po, 1, '1')])).status).toBe(200);
    } finally {
      await setParam('overDeliveryPercent', '0');
    }
    expect((await create('100001', [line(po, 1, '0')])).status).toBe(400);
  });

  it('takes lines of several orders of one store, not of two stores', async () => {
    const a = await confirmedOrder('100001', 'S0201', [['600101', 12]]);
    const b = await confirmedOrder('100001', 'S0201', [['600102', 24]], '部分确认');
    const c = await confirmedOrder('100001', 'S0301', [['600102', 24]]);
    expect((await create('100001', [line(a, 1, '6'), line(b, 1, '24')])).status).toBe(200);
    const two = await create('100001', [line(a, 1, '1'), line(c, 1, '1')]);
    expect(two.status).toBe(400);
    expect(two.envelope.message).toMatch(/^body\.lines: /);
    const dup = await create('100001', [line(c, 1, '1'), line(c, 1, '1')]);
    expect(dup.status).toBe(400);
  });

  it('asks batch and dates of goods with a shelf life only, in a sane order', async () => {
    const po = await confirmedOrder('100001', 'S0101', [['600101', 50]]);
    for (const missing of ['batchNo', 'productionDate', 'expiryDate']) {
      const res = await create('100001', [line(po, 1, '1', { [missing]: '' })]);
      expect(res.status).toBe(400);
      expect(res.envelope.message).toContain(`body.lines.0.${missing}`);
    }
    const reversed = await create('100001', [line(po, 1, '1', { productionDate: '2026-01-10', expiryDate: '2026-01-09' })]);
    expect(reversed.status).toBe(400);
    expect(reversed.envelope.message).toContain('body.lines.0.expiryDate');
    const future = await create('100001', [line(po, 1, '1', { productionDate: '2099-01-01', expiryDate: '2099-02-01' })]);
    expect(future.status).toBe(400);
    expect(future.envelope.message).toContain('body.lines.0.productionDate');
    // Goods without a shelf life (日化) need none of them.
    const household = await confirmedOrder('100005', 'S0101', [['600501', 12]]);
    const plain = await create('100005', [{ billNumber: household, lineNo: 1, qty: '12' }]);
    expect(plain.status).toBe(200);
    expect(plain.data.lines[0]).toMatchObject({ batchNo: '', productionDate: '', expiryDate: '' });
  });

  it("refuses another supplier's lines, unconfirmed lines and an arrival in the past", async () => {
    const theirs = await confirmedOrder('100002', 'S0101', [['600201', 12]]);
    const res = await create('100001', [line(theirs, 1, '1')]);
    expect(res.status).toBe(400);
    const issued = await confirmedOrder('100001', 'S0101', [['600101', 12]], '已下达');
    expect((await create('100001', [line(issued, 1, '1')])).status).toBe(400);
    const po = await confirmedOrder('100001', 'S0101', [['600101', 12]]);
    expect((await create('100001', [line(po, 1, '1')], '2020-01-01')).status).toBe(400);
  });
});

describe('cancelling and scope', () => {
  it('cancels only in 已创建; a booked note answers 请先取消预约', async () => {
    const po = await confirmedOrder('100001', 'S0101', [
      ['600101', 12],
      ['600104', 30],
    ]);
    const a = (await create('100001', [line(po, 1, '12')])).data.header.noteNumber;
    const done = await cancel('100001', a);
    expect(done.status).toBe(200);
    expect(done.data.header.status).toBe('已取消');
    expect((await cancel('100001', a)).status).toBe(409);
    const b = (await create('100001', [line(po, 2, '30')])).data.header.noteNumber;
    await sql`UPDATE delivery_note SET status = '已预约' WHERE tenant_id = 'demo' AND note_number = ${b}`.execute(db());
    const booked = await cancel('100001', b);
    expect(booked.status).toBe(409);
    expect(booked.envelope.message).toContain('请先取消预约');
    const cancelled = await one(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM event WHERE topic = 'order.delivery-note.cancelled' AND subject = ${a}`,
    );
    expect(cancelled.n).toBe(1);
  });

  it("answers 404 for another supplier's note and keeps the list to the supplier's own", async () => {
    const po = await confirmedOrder('100001', 'S0101', [['600101', 12]]);
    const number = (await create('100001', [line(po, 1, '6')])).data.header.noteNumber;
    expect((await detail('100002', number)).status).toBe(404);
    expect((await cancel('100002', number)).status).toBe(404);
    const page = (await t.callAs('100002', deliveryNote.getDeliveryNotePage, { body: { limit: 1000 } })).data;
    expect(page.list.some((n) => n.noteNumber === number)).toBe(false);
    const mine = (await t.callAs('100001', deliveryNote.getDeliveryNotePage, { body: { limit: 1000, noteNumber: number } })).data;
    expect(mine.list.map((n) => n.noteNumber)).toEqual([number]);
    const total = await one(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM delivery_note WHERE supp_code = '100001' AND status = '已创建'`,
    );
    expect((await t.callAs('100001', deliveryNote.getDeliveryNotePage, { body: { status: '已创建' } })).data.total).toBe(total.n);
  });

  it('lists newest first, counts to the cap and says so, and takes the created day in Shanghai', async () => {
    // 10,001 notes of 100003 (a bulk load: one audit entry), the newest made first in the table's order.
    const notes = (n: number) =>
      sql`SELECT 'demo', 'SHCAP' || lpad(i::text, 5, '0'), '100003', 'S0101', '已取消', 'bench', timestamptz '2031-03-01 16:00:00+00' - (i - 1) * interval '1 minute'
        FROM generate_series(1, ${n}) i`;
    await bulkLoad(db(), 'demo', { job: 'delivery-note test' }, (trx) =>
      sql`INSERT INTO delivery_note (tenant_id, note_number, supp_code, dept_code, status, created_by, created_at) ${notes(listCountCap + 1)}`.execute(
        trx,
      ),
    );
    try {
      const page = (await t.callAs('100003', deliveryNote.getDeliveryNotePage, { body: { limit: 3 } })).data;
      expect(page).toMatchObject({ total: listCountCap, totalCapped: true });
      expect(page.list.map((n) => n.noteNumber)).toEqual(['SHCAP00001', 'SHCAP00002', 'SHCAP00003']);
      // 2031-03-01 16:00 UTC is 2031-03-02 00:00 in Shanghai: SHCAP00001 is of the 2nd, the next note of the 1st.
      const day = async (startDate: string, endDate: string) =>
        (await t.callAs('100003', deliveryNote.getDeliveryNotePage, { body: { limit: 2, startDate, endDate } })).data;
      expect((await day('2031-03-02', '2031-03-02')).list.map((n) => n.noteNumber)).toEqual(['SHCAP00001']);
      const first = await day('2031-03-01', '2031-03-01');
      expect(first).toMatchObject({ total: 24 * 60, totalCapped: false });
      expect(first.list.map((n) => n.noteNumber)).toEqual(['SHCAP00002', 'SHCAP00003']);
    } finally {
      await bulkLoad(db(), 'demo', { job: 'delivery-note test' }, (trx) =>
        sql`DELETE FROM delivery_note WHERE tenant_id = 'demo' AND note_number LIKE 'SHCAP%'`.execute(trx),
      );
    }
  });

  it('refuses a child account without 新建 and 取消 (403), and suppliers at the receiving desk', async () => {
    // The main account grants its child the notes and their print, not 新建 nor 取消.
    const child = await one(sql<{ id: number }>`SELECT id FROM account WHERE tenant_id = 'demo' AND employee_code = '100001-01'`);
    await sql`INSERT INTO account_module (account_id, module_code) VALUES (${child.id}, 'ms0114')`.execute(db());
    await sql`INSERT INTO account_button (account_id, module_code, button_code) VALUES (${child.id}, 'ms0114', 'print')`.execute(db());
    const po = await confirmedOrder('100001', 'S0101', [['600101', 12]]);
    expect((await create('100001-01', [line(po, 1, '1')])).status).toBe(403);
    expect((await t.callAs('100001-01', deliveryNote.getDeliveryNotePage, { body: {} })).status).toBe(200);
    const number = (await create('100001', [line(po, 1, '1')])).data.header.noteNumber;
    expect((await cancel('100001-01', number)).status).toBe(403);
    expect((await t.callAs('100001', deliveryNote.getReceivingNote, { query: { noteNumber: number } })).status).toBe(403);
    expect((await receive('100001', number, [{ lineNo: 1, receivedQty: '1' }])).status).toBe(403);
  });
});

describe('receiving against a note', () => {
  const sums = async (po: string, day: string) =>
    one(sql<{ accepted: string; rejected: string; rollup: string; received: string; status: string }>`SELECT
      (SELECT coalesce(sum(accepted_qty), 0)::text FROM acceptance WHERE tenant_id = 'demo' AND po_bill_number = ${po}) AS accepted,
      (SELECT coalesce(sum(rejected_qty), 0)::text FROM acceptance WHERE tenant_id = 'demo' AND po_bill_number = ${po}) AS rejected,
      (SELECT coalesce(sum(qty), 0)::text FROM acceptance_daily WHERE tenant_id = 'demo' AND supp_code = '100001' AND acc_date = ${day}::date AND dept_code = 'D0002') AS rollup,
      (SELECT sum(received_qty)::text FROM pur_order_line WHERE tenant_id = 'demo' AND bill_number = ${po}) AS received,
      (SELECT status FROM pur_order WHERE tenant_id = 'demo' AND bill_number = ${po}) AS status`);

  it('writes the acceptance lines, rollups and order quantities, once', async () => {
    const po = await confirmedOrder('100001', 'D0002', [
      ['600101', 120],
      ['600104', 60],
    ]);
    const number = (await create('100001', [line(po, 1, '120'), line(po, 2, '60')])).data.header.noteNumber;
    const day = today();
    const before = await sums(po, day);
    expect((await t.callAs('recv01', deliveryNote.getReceivingNote, { query: { noteNumber: number } })).data.header.status).toBe('已创建');
    // A rejection needs its reason; more than delivered is refused.
    expect(
      (
        await receive('recv01', number, [
          { lineNo: 1, receivedQty: '100', rejectedQty: '2' },
          { lineNo: 2, receivedQty: '60' },
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await receive('recv01', number, [
          { lineNo: 1, receivedQty: '121' },
          { lineNo: 2, receivedQty: '60' },
        ])
      ).status,
    ).toBe(400);
    expect((await receive('recv01', number, [{ lineNo: 1, receivedQty: '120' }])).status).toBe(400);
    const res = await receive('recv01', number, [
      { lineNo: 1, receivedQty: '110', rejectedQty: '4', rejectReason: '破损' },
      { lineNo: 2, receivedQty: '60' },
    ]);
    expect(res.status).toBe(200);
    expect(res.data.header).toMatchObject({ status: '已收货', receivedQty: '170.000', rejectedQty: '4.000', receivingBill: number });
    expect(res.data.lines[0]).toMatchObject({ receivedQty: '110.000', rejectedQty: '4.000', rejectReason: '破损', shortQty: '6.000' });
    const after = await sums(po, day);
    expect(Number(after.accepted) - Number(before.accepted)).toBe(170);
    expect(Number(after.rejected) - Number(before.rejected)).toBe(4);
    expect(Number(after.rollup) - Number(before.rollup)).toBe(170);
    expect(after.received).toBe('170.000');
    expect(after.status).toBe('部分到货');
    const lines = (await db().selectFrom('acceptance').selectAll().where('bill_number', '=', number).orderBy('line_no').execute()).map(
      (a) => [a.po_bill_number, a.goods_code, a.accepted_qty, a.amount],
    );
    expect(lines).toEqual([
      [po, '600101', '110.000', '275.00'],
      [po, '600104', '60.000', '150.00'],
    ]);
    const event = await one(
      sql<{ actor: string }>`SELECT actor FROM event WHERE topic = 'order.delivery-note.received' AND subject = ${number}`,
    );
    expect(event.actor).toMatch(/^account:\d+$/);
    // Once only; the supplier sees the differences.
    expect(
      (
        await receive('recv01', number, [
          { lineNo: 1, receivedQty: '1' },
          { lineNo: 2, receivedQty: '1' },
        ])
      ).status,
    ).toBe(409);
    expect((await cancel('100001', number)).status).toBe(409);
    const seen = (await detail('100001', number)).data;
    expect(seen.lines.map((l) => [l.receivedQty, l.rejectedQty, l.shortQty])).toEqual([
      ['110.000', '4.000', '6.000'],
      ['60.000', '0.000', '0.000'],
    ]);
  });

  it('takes the WMS receiving against a note number through the integration service', async () => {
    const po = await confirmedOrder('100001', 'S0101', [['600102', 48]]);
    const number = (await create('100001', [line(po, 1, '48')])).data.header.noteNumber;
    const doc = (key: string, supplierCode: string) => ({
      key,
      version: 1,
      supplierCode,
      storeCode: 'S0101',
      date: today(),
      deliveryNote: number,
      lines: [{ lineNo: 1, goodsCode: '600102', qty: '46', rejectedQty: '2', rejectReason: '临期', price: '2.50', amount: '115.00' }],
    });
    const sender = { tenantId: 'demo', source: 'api' as const, clientId: 'ic_test', clientName: 'WMS' };
    const wrong = await ingest({ db: db() }, sender, 'receiving', [doc(`WMS-${number}-x`, '100002')]);
    expect(wrong.results[0]!.outcome).toBe('refused');
    const ok = await ingest({ db: db() }, sender, 'receiving', [doc(`WMS-${number}`, '100001')]);
    expect(ok.results[0]!.outcome).toBe('created');
    const seen = (await detail('100001', number)).data;
    expect(seen.header).toMatchObject({ status: '已收货', receivingBill: `WMS-${number}`, receivedQty: '46.000' });
    expect(seen.lines[0]).toMatchObject({ rejectReason: '临期', shortQty: '0.000' });
    const acc = await one(sql<{ po: string }>`SELECT po_bill_number AS po FROM acceptance WHERE bill_number = ${`WMS-${number}`}`);
    expect(acc.po).toBe(po);
    const again = await ingest({ db: db() }, sender, 'receiving', [doc(`WMS-${number}-2`, '100001')]);
    expect(again.results[0]!.outcome).toBe('refused');
    expect(JSON.stringify(again.results[0]!.refusals)).toContain('已由验收单');
  });

  it('matches receiving imported from a WMS file (送货单号 column) to the note, as the API ingest does', async () => {
    const po = await confirmedOrder('100001', 'S0101', [
      ['600101', 24],
      ['600104', 12],
    ]);
    const number = (await create('100001', [line(po, 1, '24'), line(po, 2, '12')])).data.header.noteNumber;
    // The English template's header; the note's line numbers; a rejection by its English label.
    const columns = integration.importEntityOf('receiving')!.columns;
    const row = (cells: Record<string, string>) =>
      columns.map(
        (c) =>
          ({ key: `WMSF-${number}`, supplierCode: '100001', storeCode: 'S0101', date: today(), deliveryNote: number, ...cells })[c.path] ??
          '',
      );
    const lines = [
      row({ 'lines.lineNo': '1', 'lines.goodsCode': '600101', 'lines.qty': '20', 'lines.price': '2.50', 'lines.amount': '50.00' }),
      row({
        'lines.lineNo': '2',
        'lines.goodsCode': '600104',
        'lines.qty': '10',
        'lines.rejectedQty': '2',
        'lines.rejectReason': 'Damaged',
        'lines.price': '2.50',
        'lines.amount': '25.00',
      }),
    ];
    const file = Buffer.from(`${[columns.map((c) => c.titleEn), ...lines].map((r) => r.join(',')).join('\r\n')}\r\n`);
    const token = await tokenFor(t.app, 'admin', { staff: true });
    const send = async (step: 'check' | 'run') => {
      const body = multipart([{ name: 'receiving.csv', bytes: file }]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/integration/import/${step}?entity=receiving`,
        headers: { ...body.headers, token },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: integration.ImportReport }).data;
    };
    expect(await send('check')).toMatchObject({ valid: 1, refused: 0 });
    expect((await detail('100001', number)).data.header.status).toBe('已创建');
    const imported = await send('run');
    expect(imported.counts).toMatchObject({ created: 1 });
    const seen = (await detail('100001', number)).data;
    expect(seen.header).toMatchObject({ status: '已收货', receivingBill: `WMSF-${number}`, receivedQty: '30.000', rejectedQty: '2.000' });
    expect(seen.lines.map((l) => [l.receivedQty, l.rejectedQty, l.rejectReason, l.shortQty])).toEqual([
      ['20.000', '0.000', '', '4.000'],
      ['10.000', '2.000', '破损', '0.000'],
    ]);
    const acc = await one(sql<{ n: number; po: string }>`SELECT count(*)::int AS n, min(po_bill_number) AS po FROM acceptance
      WHERE tenant_id = 'demo' AND bill_number = ${`WMSF-${number}`}`);
    expect(acc).toEqual({ n: 2, po });
    const event = await one(
      sql<{ actor: string }>`SELECT actor FROM event WHERE topic = 'order.delivery-note.received' AND subject = ${number}`,
    );
    expect(event.actor).toMatch(/^account:\d+$/);
  });

  it('shows the demo note received with a shortage and a rejection', async () => {
    const rows = (
      await sql<{
        status: string;
        short: string;
        rejected: string;
      }>`SELECT n.status, sum(l.qty - l.received_qty - l.rejected_qty)::text AS short,
        sum(l.rejected_qty)::text AS rejected
      FROM delivery_note n JOIN delivery_note_line l USING (tenant_id, note_number)
      WHERE n.supp_code = '100001' AND n.created_by = '100001' AND n.status = '已收货' AND n.receiving_bill = n.note_number AND l.reject_reason = '破损'
      GROUP BY n.note_number, n.status`.execute(db())
    ).rows;
    expect(rows.length).toBeGreaterThan(0);
  });
});
