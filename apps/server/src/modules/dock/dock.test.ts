// Dock slots and delivery appointments: slot generation and capacity rules, booking rules (started slot,
// horizon, full slot with the next free ones, note state), the last place under concurrent bookings, every
// transition and its 409, buttons and scope (a child without the button, another supplier's note or booking).
import { type Booking, addDays, businessDay, dock } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = () => businessDay(new Date());
/** The Monday after this week (the retailer's calendar). */
const nextMonday = () => {
  const day = today();
  return addDays(day, 7 - ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
};

let notes = 0;
/** A delivery note head, as the delivery notes' area would make it (issue 29 part B). */
async function note(supp: string, dept: string, packages: number, status = '已创建'): Promise<string> {
  const number = `TDN${String(++notes).padStart(5, '0')}`;
  await sql`INSERT INTO delivery_note (tenant_id, note_number, supp_code, dept_code, status, packages, created_by)
    VALUES ('demo', ${number}, ${supp}, ${dept}, ${status}, ${packages}, ${supp})`.execute(t.database.db);
  return number;
}

/** A slot written directly (one in the past, or beyond what the generator makes). */
async function slot(dept: string, date: string, start: string, deliveries: number, packages: number): Promise<number> {
  const row = await sql<{ id: number }>`INSERT INTO dock_slot (tenant_id, dept_code, slot_date, start_time, end_time,
      capacity_deliveries, capacity_packages, updated_by)
    VALUES ('demo', ${dept}, ${date}, ${start}::time, ${start}::time + interval '30 minutes', ${deliveries}, ${packages}, 'test')
    RETURNING id`.execute(t.database.db);
  return Number(row.rows[0]!.id);
}

const noteStatus = async (number: string) =>
  (await sql<{ status: string }>`SELECT status FROM delivery_note WHERE note_number = ${number}`.execute(t.database.db)).rows[0]!.status;
const counters = async (id: number) =>
  (
    await sql<{ d: number; p: number }>`SELECT booked_deliveries AS d, booked_packages AS p FROM dock_slot WHERE id = ${id}`.execute(
      t.database.db,
    )
  ).rows[0]!;
const topics = async (noteNumber: string) =>
  (await sql<{ topic: string }>`SELECT topic FROM event WHERE subject = ${noteNumber} ORDER BY id`.execute(t.database.db)).rows.map(
    (r) => r.topic,
  );

const book = (user: string, noteNumber: string, slotId: number) => t.callAs(user, dock.book, { body: { noteNumber, slotId } });

describe('slots', () => {
  it("generates a week's slots from a pattern, once, and skips days already past", async () => {
    const pattern = {
      deptCode: 'S0102',
      weekStart: nextMonday(),
      weekdays: [1, 3],
      firstStart: '08:00',
      lastStart: '09:00',
      slotMinutes: 60,
      capacityDeliveries: 2,
      capacityPackages: 100,
    };
    const first = await t.callAs('admin', dock.generateSlots, { body: pattern });
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ created: 4, skipped: 0 });
    expect((await t.callAs('admin', dock.generateSlots, { body: pattern })).data).toEqual({ created: 0, skipped: 4 });
    const board = await t.callAs('admin', dock.board, { query: { deptCode: 'S0102', from: pattern.weekStart, days: 7 } });
    expect(board.data.slots.map((s) => `${s.slotDate} ${s.startTime}-${s.endTime}`)).toEqual([
      `${pattern.weekStart} 08:00-09:00`,
      `${pattern.weekStart} 09:00-10:00`,
      `${addDays(pattern.weekStart, 2)} 08:00-09:00`,
      `${addDays(pattern.weekStart, 2)} 09:00-10:00`,
    ]);
    // Last week: every day is past, nothing is made.
    const past = await t.callAs('admin', dock.generateSlots, { body: { ...pattern, weekStart: addDays(today(), -8) } });
    expect(past.data).toEqual({ created: 0, skipped: 4 });
    // A slot that would end after midnight, and an unknown store.
    expect((await t.callAs('admin', dock.generateSlots, { body: { ...pattern, lastStart: '23:30' } })).status).toBe(400);
    expect((await t.callAs('admin', dock.generateSlots, { body: { ...pattern, deptCode: 'NOPE' } })).status).toBe(404);
  });

  it('changes a capacity never below what is booked, and closes a slot to new bookings', async () => {
    const id = await slot('S0102', addDays(today(), 3), '13:00', 2, 50);
    const n = await note('100001', 'S0102', 30);
    expect((await book('100001', n, id)).status).toBe(200);
    const below = await t.callAs('admin', dock.setCapacity, { body: { slotId: id, capacityDeliveries: 1, capacityPackages: 29 } });
    expect(below.status).toBe(409);
    const same = await t.callAs('admin', dock.setCapacity, { body: { slotId: id, capacityDeliveries: 1, capacityPackages: 30 } });
    expect(same.status).toBe(200);
    expect(same.data).toMatchObject({ capacityDeliveries: 1, capacityPackages: 30, bookedDeliveries: 1, bookedPackages: 30 });
    expect(
      (await t.callAs('admin', dock.setCapacity, { body: { slotId: 999999, capacityDeliveries: 1, capacityPackages: 1 } })).status,
    ).toBe(404);

    const other = await slot('S0102', addDays(today(), 3), '13:30', 3, 100);
    expect((await t.callAs('admin', dock.closeSlot, { body: { slotId: other, closed: true } })).data.closed).toBe(true);
    expect((await t.callAs('admin', dock.closeSlot, { body: { slotId: other, closed: true } })).status).toBe(409);
    const n2 = await note('100001', 'S0102', 5);
    const closed = await book('100001', n2, other);
    expect(closed.status).toBe(409);
    expect(closed.envelope.message).toContain('已关闭');
    expect((await t.callAs('admin', dock.closeSlot, { body: { slotId: other, closed: false } })).data.closed).toBe(false);
    expect((await book('100001', n2, other)).status).toBe(200);
    const history = await sql<{ action: string }>`SELECT action FROM record_history
      WHERE record_type = 'dock-slot' AND record_id = ${String(other)} ORDER BY id`.execute(t.database.db);
    expect(history.rows.map((r) => r.action)).toEqual(['close', 'open']);
  });

  it('is kept by staff of the board module only', async () => {
    const id = await slot('S0102', addDays(today(), 4), '13:00', 2, 50);
    expect(
      (await t.callAs('buyer01', dock.setCapacity, { body: { slotId: id, capacityDeliveries: 3, capacityPackages: 60 } })).status,
    ).toBe(403);
    expect((await t.callAs('100001', dock.board, { query: { deptCode: 'S0102', from: today(), days: 1 } })).status).toBe(403);
  });
});

describe('booking', () => {
  it('books a free slot: the note becomes 已预约, the slot counts it, an event and a history entry are written', async () => {
    const id = await slot('S0201', addDays(today(), 2), '08:00', 2, 100);
    const n = await note('100001', 'S0201', 40);
    const free = await t.callAs('100001', dock.freeSlots, { query: { noteNumber: n } });
    expect(free.data.slots.map((s) => s.id)).toContain(id);
    expect(free.data).toMatchObject({ deptCode: 'S0201', horizonDays: 14, packages: 40 });
    const res = await book('100001', n, id);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ noteNumber: n, suppCode: '100001', slotId: id, packages: 40, status: '待确认', deptCode: 'S0201' });
    expect(await noteStatus(n)).toBe('已预约');
    expect(await counters(id)).toEqual({ d: 1, p: 40 });
    expect(await topics(n)).toEqual(['dock.booking.made']);
    const listed = (await t.callAs('100001', dock.listNotes)).data.find((x) => x.noteNumber === n);
    expect(listed?.booking?.id).toBe(res.data.id);
    // Booked once: the note is no longer 已创建.
    const again = await book('100001', n, id);
    expect(again.status).toBe(409);
    expect(again.envelope.message).toContain('已预约');
  });

  it('refuses a started slot, one beyond the horizon, a slot of another store and a note not in 已创建', async () => {
    const n = await note('100001', 'S0201', 5);
    const yesterday = await slot('S0201', addDays(today(), -1), '08:00', 5, 100);
    const started = await book('100001', n, yesterday);
    expect(started.status).toBe(409);
    expect(started.envelope.message).toContain('已开始');
    const far = await slot('S0201', addDays(today(), 15), '08:00', 5, 100);
    const beyond = await book('100001', n, far);
    expect(beyond.status).toBe(409);
    expect(beyond.envelope.message).toContain(addDays(today(), 14));
    const edge = await slot('S0201', addDays(today(), 14), '08:00', 5, 100);
    const elsewhere = await slot('S0301', addDays(today(), 2), '08:00', 5, 100);
    expect((await book('100001', n, elsewhere)).status).toBe(404);
    const received = await note('100001', 'S0201', 5, '已收货');
    expect((await book('100001', received, edge)).status).toBe(409);
    expect((await book('100001', n, edge)).status).toBe(200);
    // In English too.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dock/book',
      headers: { authorization: `Bearer ${await tokenOf('100001')}`, 'accept-language': 'en' },
      payload: { noteNumber: n, slotId: edge },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('only a note in 已创建');
  });

  it("follows the tenant's booking horizon (system parameter bookingHorizonDays)", async () => {
    const n = await note('100001', 'S0201', 5);
    const inFive = await slot('S0201', addDays(today(), 5), '16:00', 5, 100);
    await sql`UPDATE system_param SET parameter_value = '3' WHERE tenant_id = 'demo' AND parameter_code = 'bookingHorizonDays'`.execute(
      t.database.db,
    );
    try {
      expect((await t.callAs('100001', dock.freeSlots, { query: { noteNumber: n } })).data.horizonDays).toBe(3);
      expect((await t.callAs('100001', dock.freeSlots, { query: { noteNumber: n } })).data.slots.map((s) => s.id)).not.toContain(inFive);
      expect((await book('100001', n, inFive)).status).toBe(409);
    } finally {
      await sql`UPDATE system_param SET parameter_value = '14' WHERE tenant_id = 'demo' AND parameter_code = 'bookingHorizonDays'`.execute(
        t.database.db,
      );
    }
    expect((await book('100001', n, inFive)).status).toBe(200);
  });

  it('answers a full slot with 409 and the next free slots for the note', async () => {
    const day = addDays(today(), 5);
    const full = await slot('S0301', day, '08:00', 1, 100);
    const tooSmall = await slot('S0301', day, '08:30', 3, 10);
    const roomy = await slot('S0301', day, '09:00', 3, 100);
    expect((await book('100002', await note('100002', 'S0301', 10), full)).status).toBe(200);
    const res = await book('100001', await note('100001', 'S0301', 20), full);
    expect(res.status).toBe(409);
    const data = dock.slotFullData.parse(res.envelope.data);
    const ids = data.nextFree.map((s) => s.id);
    expect(ids).toContain(roomy);
    expect(ids).not.toContain(full);
    expect(ids).not.toContain(tooSmall);
  });

  it('gives the last place to exactly one of two suppliers booking it at once', async () => {
    const last = await slot('S0401', addDays(today(), 3), '10:00', 1, 100);
    await slot('S0401', addDays(today(), 3), '10:30', 2, 100);
    const a = await note('100001', 'S0401', 10);
    const b = await note('100002', 'S0401', 10);
    const [tokenA, tokenB] = await Promise.all([tokenOf('100001'), tokenOf('100002')]);
    const fire = (token: string, noteNumber: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dock/book',
        headers: { authorization: `Bearer ${token}` },
        payload: { noteNumber, slotId: last },
      });
    const answers = await Promise.all([fire(tokenA, a), fire(tokenB, b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!.json();
    expect(refused.data.nextFree.length).toBeGreaterThan(0);
    expect(await counters(last)).toEqual({ d: 1, p: 10 });
    const statuses = [await noteStatus(a), await noteStatus(b)].sort();
    expect(statuses).toEqual(['已创建', '已预约']);
  });

  it("gives nothing of another supplier's: note 404, booking 404 to move or cancel", async () => {
    const id = await slot('S0501', addDays(today(), 2), '08:00', 3, 100);
    const theirs = await note('100002', 'S0501', 5);
    expect((await book('100001', theirs, id)).status).toBe(404);
    expect((await t.callAs('100001', dock.freeSlots, { query: { noteNumber: theirs } })).status).toBe(404);
    const booked = await book('100002', theirs, id);
    expect((await t.callAs('100001', dock.cancel, { body: { bookingId: booked.data.id } })).status).toBe(404);
    expect((await t.callAs('100001', dock.move, { body: { bookingId: booked.data.id, slotId: id } })).status).toBe(404);
    expect((await t.callAs('100001', dock.listNotes)).data.some((x) => x.noteNumber === theirs)).toBe(false);
  });

  it('refuses a child account without the book button (403) and lets it book once granted', async () => {
    const id = await slot('S0501', addDays(today(), 2), '09:00', 3, 100);
    const n = await note('100001', 'S0501', 5);
    expect((await t.callAs('100001-01', dock.listNotes)).status).toBe(200);
    expect((await book('100001-01', n, id)).status).toBe(403);
    await sql`INSERT INTO account_button (account_id, module_code, button_code)
      SELECT id, 'ms0116', 'book' FROM account WHERE employee_code = '100001-01'`.execute(t.database.db);
    const res = await book('100001-01', n, id);
    expect(res.status).toBe(200);
    // It still lacks the cancel button.
    expect((await t.callAs('100001-01', dock.cancel, { body: { bookingId: res.data.id } })).status).toBe(403);
  });
});

describe('transitions', () => {
  async function booked(dept: string, packages = 10): Promise<{ booking: Booking; slots: number[] }> {
    const day = addDays(today(), 6);
    const hour = 17 + (notes % 6);
    const start = `${String(hour % 24).padStart(2, '0')}:00`;
    const a = await slot(dept, day, start, 2, 100);
    const b = await slot(dept, day, `${String(hour % 24).padStart(2, '0')}:30`, 1, 100);
    const res = await book('100001', await note('100001', dept, packages), a);
    expect(res.status).toBe(200);
    return { booking: res.data, slots: [a, b] };
  }

  it('a supplier moves a booking (waits again) and cancels it (the note is 已创建 again)', async () => {
    const { booking, slots } = await booked('D0002');
    const [a, b] = slots as [number, number];
    const moved = await t.callAs('100001', dock.move, { body: { bookingId: booking.id, slotId: b } });
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({ slotId: b, status: '待确认', version: 2 });
    expect(await counters(a)).toEqual({ d: 0, p: 0 });
    expect(await counters(b)).toEqual({ d: 1, p: 10 });
    // Into the same slot again: 409.
    expect((await t.callAs('100001', dock.move, { body: { bookingId: booking.id, slotId: b } })).status).toBe(409);
    const cancelled = await t.callAs('100001', dock.cancel, { body: { bookingId: booking.id } });
    expect(cancelled.data.status).toBe('已取消');
    expect(await counters(b)).toEqual({ d: 0, p: 0 });
    expect(await noteStatus(booking.noteNumber)).toBe('已创建');
    expect((await t.callAs('100001', dock.cancel, { body: { bookingId: booking.id } })).status).toBe(409);
    expect((await t.callAs('100001', dock.move, { body: { bookingId: booking.id, slotId: a } })).status).toBe(409);
    expect(await topics(booking.noteNumber)).toEqual(['dock.booking.made', 'dock.booking.moved', 'dock.booking.cancelled']);
  });

  it('the receiving desk confirms, moves and refuses with a reason; wrong states answer 409', async () => {
    const { booking, slots } = await booked('D0002', 15);
    const [, b] = slots as [number, number];
    const confirmed = await t.callAs('admin', dock.confirm, { body: { bookingId: booking.id } });
    expect(confirmed.data.status).toBe('已确认');
    expect((await t.callAs('admin', dock.confirm, { body: { bookingId: booking.id } })).status).toBe(409);
    const moved = await t.callAs('admin', dock.reschedule, { body: { bookingId: booking.id, slotId: b } });
    expect(moved.data).toMatchObject({ slotId: b, status: '已确认' });
    // The board shows it in its new slot.
    const board = await t.callAs('admin', dock.board, { query: { deptCode: 'D0002', from: booking.slotDate, days: 1 } });
    expect(board.data.slots.find((s) => s.id === b)?.bookings.map((x) => x.id)).toEqual([booking.id]);
    expect((await t.callAs('admin', dock.refuse, { body: { bookingId: booking.id, reason: ' ' } })).status).toBe(400);
    const refused = await t.callAs('admin', dock.refuse, { body: { bookingId: booking.id, reason: '月台检修' } });
    expect(refused.data).toMatchObject({ status: '已拒绝', reason: '月台检修' });
    expect(await counters(b)).toEqual({ d: 0, p: 0 });
    expect(await noteStatus(booking.noteNumber)).toBe('已创建');
    expect((await t.callAs('admin', dock.refuse, { body: { bookingId: booking.id, reason: 'x' } })).status).toBe(409);
    expect((await t.callAs('admin', dock.confirm, { body: { bookingId: booking.id } })).status).toBe(409);
    expect((await t.callAs('100001', dock.listNotes)).data.find((x) => x.noteNumber === booking.noteNumber)?.booking).toMatchObject({
      status: '已拒绝',
      reason: '月台检修',
    });
    expect(await topics(booking.noteNumber)).toEqual([
      'dock.booking.made',
      'dock.booking.confirmed',
      'dock.booking.moved',
      'dock.booking.refused',
    ]);
    const history = await sql<{ action: string; note: string }>`SELECT action, note FROM record_history
      WHERE record_type = 'dock-booking' AND record_id = ${String(booking.id)} ORDER BY id`.execute(t.database.db);
    expect(history.rows.map((r) => r.action)).toEqual(['book', 'confirm', 'reschedule', 'refuse']);
    expect(history.rows[3]!.note).toBe('月台检修');
    // Booked again after the refusal.
    expect((await book('100001', booking.noteNumber, slots[0]!)).status).toBe(200);
  });

  it('a supplier can neither move nor cancel a booking whose slot has started; the desk can still refuse it', async () => {
    const started = await slot('D0002', addDays(today(), -1), '22:00', 2, 100);
    const later = await slot('D0002', addDays(today(), 6), '23:00', 2, 100);
    const n = await note('100001', 'D0002', 10, '已预约');
    const row = await sql<{
      id: number;
    }>`INSERT INTO dock_booking (tenant_id, note_number, supp_code, slot_id, packages, status, created_by)
      VALUES ('demo', ${n}, '100001', ${started}, 10, '已确认', '100001') RETURNING id`.execute(t.database.db);
    await sql`UPDATE dock_slot SET booked_deliveries = 1, booked_packages = 10 WHERE id = ${started}`.execute(t.database.db);
    const bookingId = Number(row.rows[0]!.id);
    expect((await t.callAs('100001', dock.cancel, { body: { bookingId } })).status).toBe(409);
    expect((await t.callAs('100001', dock.move, { body: { bookingId, slotId: later } })).status).toBe(409);
    expect(await counters(later)).toEqual({ d: 0, p: 0 });
    const refused = await t.callAs('admin', dock.refuse, { body: { bookingId, reason: '未按时到达' } });
    expect(refused.data.status).toBe('已拒绝');
    expect(await noteStatus(n)).toBe('已创建');
  });

  it('a move to a full slot answers 409 with the next free slots and keeps the booking where it was', async () => {
    const { booking, slots } = await booked('D0001', 10);
    const [a, b] = slots as [number, number];
    expect((await book('100002', await note('100002', 'D0001', 5), b)).status).toBe(200);
    const res = await t.callAs('100001', dock.move, { body: { bookingId: booking.id, slotId: b } });
    expect(res.status).toBe(409);
    expect(dock.slotFullData.parse(res.envelope.data).nextFree.map((s) => s.id)).not.toContain(a);
    expect(await counters(a)).toEqual({ d: 1, p: 10 });
  });
});

const tokens = new Map<string, Promise<string>>();
function tokenOf(user: string): Promise<string> {
  if (!tokens.has(user)) tokens.set(user, tokenFor(t.app, user));
  return tokens.get(user)!;
}
