// SQL of dock slots and bookings. A slot's booked counters move only through `takePlace` and `releasePlace`;
// `takePlace` is one conditional UPDATE, so concurrent bookings of a slot's last place queue on its row and
// exactly one finds room.
import type { BookingStatus } from '@portal/contract';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** A slot's start as an instant: its date and time on the retailer's clock. */
const slotStart = sql<Date>`((s.slot_date + s.start_time) AT TIME ZONE 'Asia/Shanghai')`;

const slotColumns = (now: Date) =>
  [
    's.id',
    's.dept_code as deptCode',
    's.slot_date as slotDate',
    sql<string>`to_char(s.start_time, 'HH24:MI')`.as('startTime'),
    sql<string>`to_char(s.end_time, 'HH24:MI')`.as('endTime'),
    's.capacity_deliveries as capacityDeliveries',
    's.capacity_packages as capacityPackages',
    's.booked_deliveries as bookedDeliveries',
    's.booked_packages as bookedPackages',
    's.closed',
    sql<boolean>`${slotStart} <= ${now}`.as('past'),
  ] as const;

export type SlotRow = Awaited<ReturnType<typeof slotById>> & {};

const slotQuery = (db: Db, tenantId: string, id: number, now: Date) =>
  db.selectFrom('dock_slot as s').select(slotColumns(now)).where('s.tenant_id', '=', tenantId).where('s.id', '=', id);

export const slotById = (db: Db, tenantId: string, id: number, now: Date) => slotQuery(db, tenantId, id, now).executeTakeFirst();

/** Locks a slot's row (capacity changes and closing wait for bookings in flight and the other way round). */
export const lockSlot = (trx: Transaction<DB>, tenantId: string, id: number, now: Date) =>
  slotQuery(trx, tenantId, id, now).forUpdate().executeTakeFirst();

/** The slots of a store or DC on days `from` to `to`, by day and time. */
export function slotsOf(db: Db, tenantId: string, deptCode: string, from: string, to: string, now: Date) {
  return db
    .selectFrom('dock_slot as s')
    .select(slotColumns(now))
    .where('s.tenant_id', '=', tenantId)
    .where('s.dept_code', '=', deptCode)
    .where('s.slot_date', '>=', from)
    .where('s.slot_date', '<=', to)
    .orderBy('s.slot_date')
    .orderBy('s.start_time')
    .execute();
}

/** Open, future slots of a store or DC up to `lastDay` with room for one more delivery of `packages`. */
export function freeSlots(db: Db, tenantId: string, deptCode: string, lastDay: string, packages: number, now: Date, limit = 500) {
  return db
    .selectFrom('dock_slot as s')
    .select(slotColumns(now))
    .where('s.tenant_id', '=', tenantId)
    .where('s.dept_code', '=', deptCode)
    .where('s.slot_date', '<=', lastDay)
    .where('s.closed', '=', false)
    .where(sql<boolean>`${slotStart} > ${now}`)
    .where(sql<boolean>`s.booked_deliveries + 1 <= s.capacity_deliveries`)
    .where(sql<boolean>`s.booked_packages + ${packages} <= s.capacity_packages`)
    .orderBy('s.slot_date')
    .orderBy('s.start_time')
    .limit(limit)
    .execute();
}

/**
 * Takes a place of `packages` in an open slot that has room: true when it did. The row lock of the UPDATE makes
 * a concurrent booking wait and then test the room left by this one.
 */
export async function takePlace(trx: Transaction<DB>, tenantId: string, slotId: number, packages: number): Promise<boolean> {
  const taken = await trx
    .updateTable('dock_slot')
    .set((eb) => ({
      booked_deliveries: eb('booked_deliveries', '+', 1),
      booked_packages: eb('booked_packages', '+', packages),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', slotId)
    .where('closed', '=', false)
    .where(sql<boolean>`booked_deliveries + 1 <= capacity_deliveries`)
    .where(sql<boolean>`booked_packages + ${packages} <= capacity_packages`)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export async function releasePlace(trx: Transaction<DB>, tenantId: string, slotId: number, packages: number): Promise<void> {
  await trx
    .updateTable('dock_slot')
    .set((eb) => ({
      booked_deliveries: eb('booked_deliveries', '-', 1),
      booked_packages: eb('booked_packages', '-', packages),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', slotId)
    .execute();
}

export async function insertSlots(
  trx: Transaction<DB>,
  rows: {
    tenant_id: string;
    dept_code: string;
    slot_date: string;
    start_time: string;
    end_time: string;
    capacity_deliveries: number;
    capacity_packages: number;
    updated_by: string;
  }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await trx
    .insertInto('dock_slot')
    .values(rows)
    .onConflict((oc) => oc.columns(['tenant_id', 'dept_code', 'slot_date', 'start_time']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

export async function updateSlot(
  trx: Transaction<DB>,
  tenantId: string,
  id: number,
  change: { capacity_deliveries?: number; capacity_packages?: number; closed?: boolean },
  by: string,
): Promise<void> {
  await trx
    .updateTable('dock_slot')
    .set({ ...change, updated_by: by, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export function dept(db: Db, tenantId: string, deptCode: string) {
  return db
    .selectFrom('dept')
    .select(['dept_code as deptCode', 'dept_name as deptName', 'dept_type as deptType'])
    .where('tenant_id', '=', tenantId)
    .where('dept_code', '=', deptCode)
    .executeTakeFirst();
}

export function depts(db: Db, tenantId: string) {
  return db
    .selectFrom('dept')
    .select(['dept_code as deptCode', 'dept_name as deptName', 'dept_type as deptType'])
    .where('tenant_id', '=', tenantId)
    .orderBy(sql`dept_type = 'dc'`, 'desc')
    .orderBy('dept_code')
    .execute();
}

// ---------------------------------------------------------------------------------------------------------
// Delivery notes (the head 0036 made; this area reads it and moves 已创建 <-> 已预约)

const supplierNote = (db: Db, tenantId: string, suppCode: string, noteNumber: string) =>
  db
    .selectFrom('delivery_note')
    .select(['note_number as noteNumber', 'dept_code as deptCode', 'packages', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('supp_code', '=', suppCode)
    .where('note_number', '=', noteNumber);

/** A supplier's delivery note; undefined when it is not theirs. */
export const noteOf = (db: Db, tenantId: string, suppCode: string, noteNumber: string) =>
  supplierNote(db, tenantId, suppCode, noteNumber).executeTakeFirst();

/** The same, locked (a booking of it waits for another in flight). */
export const lockNote = (trx: Transaction<DB>, tenantId: string, suppCode: string, noteNumber: string) =>
  supplierNote(trx, tenantId, suppCode, noteNumber).forUpdate().executeTakeFirst();

export async function setNoteStatus(trx: Transaction<DB>, tenantId: string, noteNumber: string, status: string): Promise<void> {
  await trx
    .updateTable('delivery_note')
    .set((eb) => ({ status, version: eb('version', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('note_number', '=', noteNumber)
    .execute();
}

/** The supplier's notes in `statuses`, newest first (at most 200). */
export function notesOf(db: Db, tenantId: string, suppCode: string, statuses: readonly string[]) {
  return db
    .selectFrom('delivery_note as n')
    .innerJoin('dept as d', (j) => j.onRef('d.tenant_id', '=', 'n.tenant_id').onRef('d.dept_code', '=', 'n.dept_code'))
    .select([
      'n.note_number as noteNumber',
      'n.dept_code as deptCode',
      'd.dept_name as deptName',
      'n.packages',
      'n.status',
      sql<string>`to_char(n.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
    ])
    .where('n.tenant_id', '=', tenantId)
    .where('n.supp_code', '=', suppCode)
    .where('n.status', 'in', [...statuses])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.note_number', 'desc')
    .limit(200)
    .execute();
}

// ---------------------------------------------------------------------------------------------------------
// Bookings

const bookingSelect = (db: Db) =>
  db
    .selectFrom('dock_booking as b')
    .innerJoin('dock_slot as s', 's.id', 'b.slot_id')
    .innerJoin('supplier as p', (j) => j.onRef('p.tenant_id', '=', 'b.tenant_id').onRef('p.supp_code', '=', 'b.supp_code'))
    .innerJoin('dept as d', (j) => j.onRef('d.tenant_id', '=', 's.tenant_id').onRef('d.dept_code', '=', 's.dept_code'))
    .select([
      'b.id',
      'b.note_number as noteNumber',
      'b.supp_code as suppCode',
      'p.supp_name as suppName',
      's.dept_code as deptCode',
      'd.dept_name as deptName',
      'b.slot_id as slotId',
      's.slot_date as slotDate',
      sql<string>`to_char(s.start_time, 'HH24:MI')`.as('startTime'),
      sql<string>`to_char(s.end_time, 'HH24:MI')`.as('endTime'),
      'b.packages',
      'b.status',
      'b.reason',
      'b.created_by as createdBy',
      sql<string>`to_char(b.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
      'b.version',
    ]);

export type BookingRow = NonNullable<Awaited<ReturnType<typeof bookingById>>>;

/** A booking by id, of one supplier when `suppCode` is given (another supplier's: undefined). */
export function bookingById(db: Db, tenantId: string, id: number, suppCode?: string | null) {
  let query = bookingSelect(db).where('b.tenant_id', '=', tenantId).where('b.id', '=', id);
  if (suppCode) query = query.where('b.supp_code', '=', suppCode);
  return query.executeTakeFirst();
}

/** Locks a booking's row, of one supplier when `suppCode` is given. */
export function lockBooking(trx: Transaction<DB>, tenantId: string, id: number, suppCode?: string | null) {
  let query = trx
    .selectFrom('dock_booking')
    .select([
      'id',
      'note_number as noteNumber',
      'supp_code as suppCode',
      'slot_id as slotId',
      'packages',
      sql<BookingStatus>`status`.as('status'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id);
  if (suppCode) query = query.where('supp_code', '=', suppCode);
  return query.forUpdate().executeTakeFirst();
}

export async function insertBooking(
  trx: Transaction<DB>,
  row: {
    id: number;
    tenant_id: string;
    note_number: string;
    supp_code: string;
    slot_id: number;
    packages: number;
    status: string;
    created_by: string;
  },
): Promise<void> {
  await trx.insertInto('dock_booking').values(row).execute();
}

export async function updateBooking(
  trx: Transaction<DB>,
  tenantId: string,
  id: number,
  change: { status?: string; slot_id?: number; reason?: string },
): Promise<void> {
  await trx
    .updateTable('dock_booking')
    .set((eb) => ({ ...change, updated_at: sql`now()`, version: eb('version', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Bookings of slots (every state), by slot then time of booking. */
export function bookingsOfSlots(db: Db, tenantId: string, slotIds: number[]) {
  if (slotIds.length === 0) return Promise.resolve([]);
  return bookingSelect(db)
    .where('b.tenant_id', '=', tenantId)
    .where('b.slot_id', 'in', slotIds)
    .orderBy('b.slot_id')
    .orderBy('b.id')
    .execute();
}

/** For each of a supplier's notes, its live booking or else its latest one. */
export function latestBookingsOfNotes(db: Db, tenantId: string, suppCode: string, noteNumbers: string[]) {
  if (noteNumbers.length === 0) return Promise.resolve([]);
  return bookingSelect(db)
    .where('b.tenant_id', '=', tenantId)
    .where('b.supp_code', '=', suppCode)
    .where('b.note_number', 'in', noteNumbers)
    .orderBy('b.note_number')
    .orderBy(sql`b.status IN ('待确认', '已确认')`, 'desc')
    .orderBy('b.id', 'desc')
    .execute();
}

/** The id the next booking takes (its history is written under it). */
export async function nextBookingId(trx: Transaction<DB>): Promise<number> {
  const row = await sql<{ id: string | number }>`SELECT nextval('dock_booking_id_seq') AS id`.execute(trx);
  return Number(row.rows[0]!.id);
}

/** Locks slots in the order of their ids (a move holds two: concurrent moves never wait on each other in a circle). */
export async function lockSlots(trx: Transaction<DB>, tenantId: string, ids: number[]): Promise<void> {
  await trx
    .selectFrom('dock_slot')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}
