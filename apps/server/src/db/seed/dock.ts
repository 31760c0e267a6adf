// Demo dock slots and appointments: slots for this week and next at both DCs (hourly, Monday to Saturday) and
// at 上海虹口店 (half-hourly mornings, every day); bookings of the delivery notes' seed's notes (delivery-notes.ts,
// run before this), made and answered through the dock's service as the screens do (db/seed/actions.ts: each with
// its history and event): for 100001 in every state (待确认, 已确认, 已拒绝 with its reason, 已取消), its notes 2 and
// 8 left to book, and one of 100002's. Without the demo's notes (no business data) only the slots are seeded.
import { addDays, businessDay } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema';
import { type SeedActions, seedActor } from './actions';
import { demoNoteNumber } from './delivery-notes';

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

interface Pattern {
  dept: string;
  /** ISO days of the week (1 Monday … 7 Sunday). */
  weekdays: number[];
  first: number;
  last: number;
  minutes: number;
  deliveries: number;
  packages: number;
}

const patterns: Pattern[] = [
  { dept: 'D0001', weekdays: [1, 2, 3, 4, 5, 6], first: 8 * 60, last: 16 * 60, minutes: 60, deliveries: 4, packages: 400 },
  { dept: 'D0002', weekdays: [1, 2, 3, 4, 5, 6], first: 6 * 60, last: 14 * 60, minutes: 60, deliveries: 3, packages: 300 },
  { dept: 'S0101', weekdays: [1, 2, 3, 4, 5, 6, 7], first: 7 * 60, last: 10 * 60 + 30, minutes: 30, deliveries: 2, packages: 80 },
];

/** Bookings of the demo's notes (by their number in delivery-notes.ts): day is the offset from today, start the slot's HH:MM. */
const demoBookings: { note: number; day: number; start: string; status: '待确认' | '已确认' | '已拒绝' | '已取消'; reason?: string }[] = [
  { note: 1, day: 1, start: '07:30', status: '已确认' },
  { note: 4, day: 1, start: '09:00', status: '待确认' },
  { note: 5, day: 2, start: '10:00', status: '已确认' },
  { note: 6, day: 1, start: '14:00', status: '已拒绝', reason: '当天月台检修，请改约其他时段' },
  { note: 7, day: 2, start: '08:00', status: '已取消' },
  { note: 9, day: 1, start: '09:00', status: '待确认' },
];

export async function seedDock(trx: Kysely<DB>, tenantId: string, today: Date, actions?: SeedActions): Promise<void> {
  const day = businessDay(today);
  const monday = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
  const slots = patterns.flatMap((p) =>
    Array.from({ length: 14 }, (_, d) => addDays(monday, d)).flatMap((date, d) => {
      if (!p.weekdays.includes((d % 7) + 1)) return [];
      const rows = [];
      for (let m = p.first; m <= p.last; m += p.minutes)
        rows.push({
          tenant_id: tenantId,
          dept_code: p.dept,
          slot_date: date,
          start_time: hhmm(m),
          end_time: hhmm(m + p.minutes),
          capacity_deliveries: p.deliveries,
          capacity_packages: p.packages,
          updated_by: 'admin',
        });
      return rows;
    }),
  );
  await trx.insertInto('dock_slot').values(slots).execute();
  await trx
    .insertInto('system_param')
    .values({ tenant_id: tenantId, parameter_code: 'bookingHorizonDays', parameter_name: '预约送货最远天数', parameter_value: '14' })
    .execute();
  // The staff board for the receiving desk (its role comes with the delivery notes' area; admin holds every module).
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT tenant_id, role_code, 'ms0117' FROM role WHERE tenant_id = ${tenantId} AND role_code = 'receiving'
    ON CONFLICT DO NOTHING`.execute(trx);

  if (!actions) return;
  const desk = await seedActor(trx, tenantId, 'recv01');
  for (const b of demoBookings) {
    const noteNumber = demoNoteNumber(today, b.note);
    const note = await trx
      .selectFrom('delivery_note')
      .select(['supp_code', 'dept_code'])
      .where('tenant_id', '=', tenantId)
      .where('note_number', '=', noteNumber)
      .executeTakeFirst();
    if (!note) continue;
    // The slot of the day and hour, or (a Sunday has no DC slots) the next day's at that hour.
    const slot = await trx
      .selectFrom('dock_slot')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('dept_code', '=', note.dept_code)
      .where('slot_date', '>=', addDays(day, b.day))
      .where('start_time', '=', b.start)
      .orderBy('slot_date')
      .executeTakeFirstOrThrow();
    const supplier = await seedActor(trx, tenantId, note.supp_code);
    const bookingId = await actions.book(trx, supplier, today, { noteNumber, slotId: Number(slot.id) });
    if (b.status === '已确认') await actions.confirmBooking(trx, desk, today, bookingId);
    if (b.status === '已拒绝') await actions.refuseBooking(trx, desk, today, { bookingId, reason: b.reason! });
    if (b.status === '已取消') await actions.cancelBooking(trx, supplier, today, bookingId);
  }
}
