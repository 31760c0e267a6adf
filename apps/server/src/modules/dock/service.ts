// Rules of dock slots and delivery appointments: a supplier books a slot of its delivery note's store or DC
// (the note 已创建 -> 已预约), moves or cancels it; the receiving desk confirms, moves or refuses. A slot takes
// no booking once started, beyond the tenant's horizon, when closed or full (409 with the next free slots).
import { type Booking, type BookingStatus, type CallBody, type Slot, addDays, businessDay, dock } from '@portal/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppContext, DataContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { accountActor, recordEvent } from '../../platform/events';
import type { SessionContext } from '../../platform/session-context';
import { systemParam } from '../../platform/sql/system-param';
import { transact } from '../../platform/sql/transaction';
import { recordHistory } from '../../platform/workflow/history';
import { start, transition } from '../../platform/workflow/transition';
import { bookingFlow, slotFlow } from './flow';
import * as repo from './repo';

const supplierOnly = { 'zh-CN': '只有供应商账号可以预约送货', en: 'Only a supplier account can book deliveries' } as const;
const staffOnly = { 'zh-CN': '只有商户员工可以管理月台预约', en: "Only the retailer's staff can manage dock appointments" } as const;

function supplierOf(session: SessionContext) {
  if (session.kind !== 'supplier' || !session.suppCode) throw ApiError.forbidden(supplierOnly);
  return { tenantId: session.tenantId, suppCode: session.suppCode };
}

function staff(session: SessionContext) {
  if (session.kind !== 'staff') throw ApiError.forbidden(staffOnly);
  return session.tenantId;
}

/** The tenant's booking horizon in days (system parameter bookingHorizonDays; 14 when unset or not a whole number). */
async function horizonDays(ctx: DataContext, tenantId: string): Promise<number> {
  const param = await systemParam(ctx.db, tenantId, dock.bookingHorizonParam);
  const days = Number(param?.parameterValue);
  return Number.isInteger(days) && days >= 0 ? days : dock.defaultBookingHorizonDays;
}

const shownSlot = (row: NonNullable<repo.SlotRow>): Slot => ({ ...row, id: Number(row.id), slotDate: String(row.slotDate) });

const shownBooking = (row: repo.BookingRow): Booking => ({
  ...row,
  id: Number(row.id),
  slotId: Number(row.slotId),
  slotDate: String(row.slotDate),
  status: row.status as BookingStatus,
});

const noteNotFound = (noteNumber: string) =>
  ApiError.notFound({ 'zh-CN': `送货单 ${noteNumber} 不存在`, en: `Delivery note ${noteNumber} does not exist` });
const slotNotFound = (id: number) => ApiError.notFound({ 'zh-CN': `时段 ${id} 不存在`, en: `Slot ${id} does not exist` });
const slotText = (s: Pick<Slot, 'slotDate' | 'startTime' | 'endTime'>) => `${s.slotDate} ${s.startTime}-${s.endTime}`;

interface Target {
  tenantId: string;
  deptCode: string;
  slotId: number;
  packages: number;
  now: Date;
  /** The last day a booking may fall on. */
  lastDay: string;
  /** The slot the booking holds now (a move): not offered as a free one. */
  current?: number;
}

/** The next free slots for a delivery of `packages` (the data of a full or closed slot's 409). */
async function nextFree(trx: Transaction<DB>, t: Target): Promise<dock.SlotFullData> {
  const rows = await repo.freeSlots(trx, t.tenantId, t.deptCode, t.lastDay, t.packages, t.now, 6);
  return {
    nextFree: rows
      .filter((r) => Number(r.id) !== t.current && Number(r.id) !== t.slotId)
      .slice(0, 5)
      .map(shownSlot),
  };
}

/** Takes a place in the target slot or refuses: another store's or unknown (404), started, beyond the horizon, closed or full (409). */
async function takePlace(trx: Transaction<DB>, t: Target): Promise<Slot> {
  const row = await repo.slotById(trx, t.tenantId, t.slotId, t.now);
  if (!row || row.deptCode !== t.deptCode) throw slotNotFound(t.slotId);
  const slot = shownSlot(row);
  if (t.current === slot.id)
    throw ApiError.conflict({ 'zh-CN': `预约已在时段 ${slotText(slot)}`, en: `The booking is already in the slot ${slotText(slot)}` });
  if (slot.past)
    throw ApiError.conflict({
      'zh-CN': `时段 ${slotText(slot)} 已开始，不能预约`,
      en: `The slot ${slotText(slot)} has started; it cannot be booked`,
    });
  if (slot.slotDate > t.lastDay)
    throw ApiError.conflict({
      'zh-CN': `只能预约 ${t.lastDay} 及以前的时段`,
      en: `Only slots up to ${t.lastDay} can be booked`,
    });
  if (slot.closed)
    throw ApiError.conflict(
      { 'zh-CN': `时段 ${slotText(slot)} 已关闭`, en: `The slot ${slotText(slot)} is closed` },
      await nextFree(trx, t),
    );
  if (!(await repo.takePlace(trx, t.tenantId, slot.id, t.packages)))
    throw ApiError.conflict(
      {
        'zh-CN': `时段 ${slotText(slot)} 已约满（${t.packages} 件放不下），请选择其他时段`,
        en: `The slot ${slotText(slot)} is full (no room for ${t.packages} packages); please choose another`,
      },
      await nextFree(trx, t),
    );
  return slot;
}

async function facts(trx: Transaction<DB>, tenantId: string, id: number) {
  const row = await repo.bookingById(trx, tenantId, id);
  if (!row) throw new Error(`booking ${id} vanished in its own transaction`);
  const booking = shownBooking(row);
  const payload = {
    bookingId: String(booking.id),
    noteNumber: booking.noteNumber,
    suppCode: booking.suppCode,
    deptCode: booking.deptCode,
    slotDate: booking.slotDate,
    startTime: booking.startTime,
    endTime: booking.endTime,
    packages: booking.packages,
    status: booking.status,
  };
  return { booking, payload };
}

// ---------------------------------------------------------------------------------------------------------
// Supplier

export async function listNotes(ctx: AppContext, session: SessionContext): Promise<dock.BookableNote[]> {
  const { tenantId, suppCode } = supplierOf(session);
  const notes = await repo.notesOf(ctx.db, tenantId, suppCode, [dock.noteCreated, dock.noteBooked]);
  const bookings = await repo.latestBookingsOfNotes(
    ctx.db,
    tenantId,
    suppCode,
    notes.map((n) => n.noteNumber),
  );
  const first = new Map<string, Booking>();
  for (const b of bookings) if (!first.has(b.noteNumber)) first.set(b.noteNumber, shownBooking(b));
  return notes.map((n) => ({ ...n, booking: first.get(n.noteNumber) ?? null }));
}

export async function freeSlots(ctx: AppContext, session: SessionContext, noteNumber: string) {
  const { tenantId, suppCode } = supplierOf(session);
  const note = await repo.noteOf(ctx.db, tenantId, suppCode, noteNumber);
  if (!note) throw noteNotFound(noteNumber);
  const now = ctx.now();
  const days = await horizonDays(ctx, tenantId);
  const [dept, rows] = await Promise.all([
    repo.dept(ctx.db, tenantId, note.deptCode),
    repo.freeSlots(ctx.db, tenantId, note.deptCode, addDays(businessDay(now), days), note.packages, now),
  ]);
  return {
    deptCode: note.deptCode,
    deptName: dept?.deptName ?? '',
    horizonDays: days,
    packages: note.packages,
    slots: rows.map(shownSlot),
  };
}

export async function book(ctx: DataContext, session: SessionContext, body: CallBody<typeof dock.book>): Promise<Booking> {
  const { tenantId, suppCode } = supplierOf(session);
  const now = ctx.now();
  const lastDay = addDays(businessDay(now), await horizonDays(ctx, tenantId));
  return transact(ctx.db, async (trx) => {
    const id = await repo.nextBookingId(trx);
    await start(trx, bookingFlow, {
      action: 'book',
      actor: session,
      id: String(id),
      create: async (to) => {
        const note = await repo.lockNote(trx, tenantId, suppCode, body.noteNumber);
        if (!note) throw noteNotFound(body.noteNumber);
        if (note.status !== dock.noteCreated)
          throw ApiError.conflict({
            'zh-CN': `送货单 ${note.noteNumber} 当前状态为「${note.status}」，只有「已创建」的送货单可以预约`,
            en: `Delivery note ${note.noteNumber} is "${note.status}"; only a note in 已创建 (created) can be booked`,
          });
        await takePlace(trx, { tenantId, deptCode: note.deptCode, slotId: body.slotId, packages: note.packages, now, lastDay });
        await repo.insertBooking(trx, {
          id,
          tenant_id: tenantId,
          note_number: note.noteNumber,
          supp_code: suppCode,
          slot_id: body.slotId,
          packages: note.packages,
          status: to,
          created_by: session.employeeCode,
        });
        await repo.setNoteStatus(trx, tenantId, note.noteNumber, dock.noteBooked);
      },
    });
    const { booking, payload } = await facts(trx, tenantId, id);
    await recordEvent(trx, {
      tenantId,
      suppCode,
      topic: 'dock.booking.made',
      subject: booking.noteNumber,
      payload,
      actor: accountActor(session),
    });
    return booking;
  });
}

/** Moves a live booking (supplier: waits for confirmation again; staff: confirmed). */
async function moveBooking(
  ctx: DataContext,
  session: SessionContext,
  action: 'move' | 'reschedule',
  bookingId: number,
  slotId: number,
  suppCode: string | null,
): Promise<Booking> {
  const now = ctx.now();
  const tenantId = session.tenantId;
  const lastDay = addDays(businessDay(now), await horizonDays(ctx, tenantId));
  return transact(ctx.db, async (trx) => {
    let fromSlot = '';
    const row = await transition(trx, bookingFlow, {
      action,
      actor: session,
      id: String(bookingId),
      lock: () => repo.lockBooking(trx, tenantId, bookingId, suppCode),
      apply: async (locked, to) => {
        const current = Number(locked.slotId);
        const held = await repo.slotById(trx, tenantId, current, now);
        if (!held) throw slotNotFound(current);
        if (action === 'move' && held.past)
          throw ApiError.conflict({
            'zh-CN': '预约的时段已开始，不能改约',
            en: 'The booked slot has started; the booking cannot be moved',
          });
        fromSlot = `${held.slotDate} ${held.startTime}`;
        await repo.lockSlots(trx, tenantId, [current, slotId]);
        await takePlace(trx, { tenantId, deptCode: held.deptCode, slotId, packages: locked.packages, now, lastDay, current });
        await repo.releasePlace(trx, tenantId, current, locked.packages);
        await repo.updateBooking(trx, tenantId, bookingId, { slot_id: slotId, status: to ?? locked.status });
      },
    });
    const { booking, payload } = await facts(trx, tenantId, bookingId);
    await recordEvent(trx, {
      tenantId,
      suppCode: row.suppCode,
      topic: 'dock.booking.moved',
      subject: booking.noteNumber,
      payload: { ...payload, fromSlot, movedBy: action === 'move' ? 'supplier' : 'staff' },
      actor: accountActor(session),
    });
    return booking;
  });
}

/** Ends a live booking (cancelled by the supplier, refused by staff): frees its place, the note goes back to 已创建. */
async function endBooking(
  ctx: DataContext,
  session: SessionContext,
  action: 'cancel' | 'refuse',
  bookingId: number,
  suppCode: string | null,
  reason = '',
): Promise<Booking> {
  const now = ctx.now();
  const tenantId = session.tenantId;
  return transact(ctx.db, async (trx) => {
    const row = await transition(trx, bookingFlow, {
      action,
      actor: session,
      id: String(bookingId),
      note: reason,
      lock: () => repo.lockBooking(trx, tenantId, bookingId, suppCode),
      apply: async (locked, to) => {
        const slotId = Number(locked.slotId);
        if (action === 'cancel') {
          const held = await repo.slotById(trx, tenantId, slotId, now);
          if (held?.past)
            throw ApiError.conflict({
              'zh-CN': '预约的时段已开始，不能取消',
              en: 'The booked slot has started; the booking cannot be cancelled',
            });
        }
        await repo.releasePlace(trx, tenantId, slotId, locked.packages);
        await repo.updateBooking(trx, tenantId, bookingId, { status: to ?? locked.status, reason });
        await repo.setNoteStatus(trx, tenantId, locked.noteNumber, dock.noteCreated);
      },
    });
    const { booking, payload } = await facts(trx, tenantId, bookingId);
    const actor = accountActor(session);
    if (action === 'cancel')
      await recordEvent(trx, {
        tenantId,
        suppCode: row.suppCode,
        topic: 'dock.booking.cancelled',
        subject: booking.noteNumber,
        payload,
        actor,
      });
    else
      await recordEvent(trx, {
        tenantId,
        suppCode: row.suppCode,
        topic: 'dock.booking.refused',
        subject: booking.noteNumber,
        payload: { ...payload, reason },
        actor,
      });
    return booking;
  });
}

export function move(ctx: DataContext, session: SessionContext, body: CallBody<typeof dock.move>) {
  const { suppCode } = supplierOf(session);
  return moveBooking(ctx, session, 'move', body.bookingId, body.slotId, suppCode);
}

export function cancel(ctx: DataContext, session: SessionContext, bookingId: number) {
  const { suppCode } = supplierOf(session);
  return endBooking(ctx, session, 'cancel', bookingId, suppCode);
}

// ---------------------------------------------------------------------------------------------------------
// Staff

export function confirm(ctx: DataContext, session: SessionContext, bookingId: number): Promise<Booking> {
  const tenantId = staff(session);
  return transact(ctx.db, async (trx) => {
    const row = await transition(trx, bookingFlow, {
      action: 'confirm',
      actor: session,
      id: String(bookingId),
      lock: () => repo.lockBooking(trx, tenantId, bookingId),
      apply: async (_locked, to) => {
        await repo.updateBooking(trx, tenantId, bookingId, { status: to ?? '已确认' });
      },
    });
    const { booking, payload } = await facts(trx, tenantId, bookingId);
    await recordEvent(trx, {
      tenantId,
      suppCode: row.suppCode,
      topic: 'dock.booking.confirmed',
      subject: booking.noteNumber,
      payload,
      actor: accountActor(session),
    });
    return booking;
  });
}

export function refuse(ctx: DataContext, session: SessionContext, body: CallBody<typeof dock.refuse>) {
  staff(session);
  return endBooking(ctx, session, 'refuse', body.bookingId, null, body.reason);
}

export function reschedule(ctx: DataContext, session: SessionContext, body: CallBody<typeof dock.reschedule>) {
  staff(session);
  return moveBooking(ctx, session, 'reschedule', body.bookingId, body.slotId, null);
}

export async function depts(ctx: AppContext, session: SessionContext) {
  return repo.depts(ctx.db, staff(session));
}

export async function board(ctx: AppContext, session: SessionContext, query: { deptCode: string; from: string; days: number }) {
  const tenantId = staff(session);
  const dept = await repo.dept(ctx.db, tenantId, query.deptCode);
  if (!dept) throw ApiError.notFound({ 'zh-CN': `门店 ${query.deptCode} 不存在`, en: `Store ${query.deptCode} does not exist` });
  const slots = (await repo.slotsOf(ctx.db, tenantId, query.deptCode, query.from, addDays(query.from, query.days - 1), ctx.now())).map(
    shownSlot,
  );
  const bookings = await repo.bookingsOfSlots(
    ctx.db,
    tenantId,
    slots.map((s) => s.id),
  );
  return {
    deptCode: dept.deptCode,
    deptName: dept.deptName,
    slots: slots.map((s) => ({ ...s, bookings: bookings.filter((b) => Number(b.slotId) === s.id).map(shownBooking) })),
  };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The ISO day of the week (1 Monday … 7 Sunday) of YYYY-MM-DD. */
const weekdayOf = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

export async function generateSlots(ctx: AppContext, session: SessionContext, pattern: dock.SlotPattern) {
  const tenantId = staff(session);
  const dept = await repo.dept(ctx.db, tenantId, pattern.deptCode);
  if (!dept) throw ApiError.notFound({ 'zh-CN': `门店 ${pattern.deptCode} 不存在`, en: `Store ${pattern.deptCode} does not exist` });
  const first = minutesOf(pattern.firstStart);
  const last = minutesOf(pattern.lastStart);
  if (last + pattern.slotMinutes > 24 * 60)
    throw ApiError.badRequest({ 'zh-CN': 'lastStart: 最后时段须在当天结束', en: 'lastStart: the last slot must end on its day' });
  const today = businessDay(ctx.now());
  const weekdays = new Set(pattern.weekdays);
  const rows: Parameters<typeof repo.insertSlots>[1] = [];
  let wanted = 0;
  for (let d = 0; d < 7; d++) {
    const day = addDays(pattern.weekStart, d);
    if (!weekdays.has(weekdayOf(day))) continue;
    for (let m = first; m <= last; m += pattern.slotMinutes) {
      wanted++;
      if (day < today) continue;
      rows.push({
        tenant_id: tenantId,
        dept_code: dept.deptCode,
        slot_date: day,
        start_time: timeOf(m),
        end_time: m + pattern.slotMinutes === 24 * 60 ? '23:59:59' : timeOf(m + pattern.slotMinutes),
        capacity_deliveries: pattern.capacityDeliveries,
        capacity_packages: pattern.capacityPackages,
        updated_by: session.employeeCode,
      });
    }
  }
  return ctx.db.transaction().execute(async (trx) => {
    const created = await repo.insertSlots(trx, rows);
    await start(trx, slotFlow, {
      action: 'generate',
      actor: session,
      id: `${dept.deptCode} ${pattern.weekStart}`,
      note: `${created}`,
      detail: { ...pattern, created },
      create: async () => {},
    });
    return { created, skipped: wanted - created };
  });
}

/** Changes a slot under its row lock: `change` answers what to write (or refuses). */
async function changeSlot(
  ctx: AppContext,
  session: SessionContext,
  slotId: number,
  action: 'capacity' | 'close' | 'open',
  change: (slot: Slot) => { capacity_deliveries?: number; capacity_packages?: number; closed?: boolean },
): Promise<Slot> {
  const tenantId = staff(session);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.lockSlot(trx, tenantId, slotId, now);
    if (!row) throw slotNotFound(slotId);
    const before = shownSlot(row);
    const written = change(before);
    await repo.updateSlot(trx, tenantId, slotId, written, session.employeeCode);
    await recordHistory(trx, slotFlow, {
      tenantId,
      recordId: String(slotId),
      action,
      from: before.closed ? '关闭' : '开放',
      to: (written.closed ?? before.closed) ? '关闭' : '开放',
      actor: { code: session.employeeCode, name: session.employeeName },
      detail: {
        before: { capacityDeliveries: before.capacityDeliveries, capacityPackages: before.capacityPackages, closed: before.closed },
        after: written,
      },
    });
    return shownSlot((await repo.slotById(trx, tenantId, slotId, now))!);
  });
}

export function setCapacity(ctx: AppContext, session: SessionContext, body: CallBody<typeof dock.setCapacity>) {
  return changeSlot(ctx, session, body.slotId, 'capacity', (slot) => {
    if (body.capacityDeliveries < slot.bookedDeliveries || body.capacityPackages < slot.bookedPackages)
      throw ApiError.conflict({
        'zh-CN': `时段 ${slotText(slot)} 已预约 ${slot.bookedDeliveries} 车、${slot.bookedPackages} 件，容量不能低于已预约`,
        en: `The slot ${slotText(slot)} holds ${slot.bookedDeliveries} deliveries and ${slot.bookedPackages} packages; its capacity cannot go below them`,
      });
    return { capacity_deliveries: body.capacityDeliveries, capacity_packages: body.capacityPackages };
  });
}

export function closeSlot(ctx: AppContext, session: SessionContext, body: CallBody<typeof dock.closeSlot>) {
  return changeSlot(ctx, session, body.slotId, body.closed ? 'close' : 'open', (slot) => {
    if (slot.closed === body.closed)
      throw ApiError.conflict(
        body.closed
          ? { 'zh-CN': `时段 ${slotText(slot)} 已关闭`, en: `The slot ${slotText(slot)} is already closed` }
          : { 'zh-CN': `时段 ${slotText(slot)} 已开放`, en: `The slot ${slotText(slot)} is already open` },
      );
    return { closed: body.closed };
  });
}
