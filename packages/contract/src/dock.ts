// Dock time slots and delivery appointments (预约送货, issue 29 part C): staff keep each store's or DC's slots
// with a capacity in deliveries and packages (月台预约, ms0117); a supplier books one for a delivery note,
// moves or cancels it (预约送货, ms0116); the receiving desk confirms, moves or refuses with a reason.
import { z } from 'zod';
import { defineCall } from './call';
import { ModuleCode } from './modules';
import { isoDate } from './paging';

/** Booking states: booked and waiting for the receiving desk, confirmed, refused (with a reason), cancelled. */
export const bookingStatuses = ['待确认', '已确认', '已拒绝', '已取消'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
export const bookingStatusTextEn: Record<BookingStatus, string> = {
  待确认: 'Awaiting confirmation',
  已确认: 'Confirmed',
  已拒绝: 'Refused',
  已取消: 'Cancelled',
};
export const bookingStatusText: Record<BookingStatus, string> = { 待确认: '待确认', 已确认: '已确认', 已拒绝: '已拒绝', 已取消: '已取消' };
/** The states that hold a place in their slot. */
export const liveBookingStatuses: readonly BookingStatus[] = ['待确认', '已确认'];

/** The delivery note states this area reads and writes (the note's area owns the rest: 已收货, 已取消). */
export const noteCreated = '已创建';
export const noteBooked = '已预约';

/** The tenant's system parameter: no booking more than this many days ahead (default 14). */
export const bookingHorizonParam = 'bookingHorizonDays';
export const defaultBookingHorizonDays = 14;

export const bookingModule = ModuleCode.deliveryBooking;
export const boardModule = ModuleCode.dockBoard;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:MM');
const id = z.coerce.number().int().positive();
const count = z.coerce.number().int().min(0, '不能小于 0').max(100000, '不能大于 100000');

export const slot = z.object({
  id: z.number().int(),
  deptCode: z.string(),
  slotDate: z.string(),
  /** HH:MM */
  startTime: z.string(),
  endTime: z.string(),
  capacityDeliveries: z.number().int(),
  capacityPackages: z.number().int(),
  bookedDeliveries: z.number().int(),
  bookedPackages: z.number().int(),
  closed: z.boolean(),
  /** The slot has started (no booking into it any more). */
  past: z.boolean(),
});
export type Slot = z.infer<typeof slot>;

export const booking = z.object({
  id: z.number().int(),
  noteNumber: z.string(),
  suppCode: z.string(),
  suppName: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  slotId: z.number().int(),
  slotDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  packages: z.number().int(),
  status: z.enum(bookingStatuses),
  /** Why staff refused it ('' otherwise). */
  reason: z.string(),
  createdBy: z.string(),
  /** YYYY-MM-DD HH:mm:ss, the retailer's time. */
  createdAt: z.string(),
  version: z.number().int(),
});
export type Booking = z.infer<typeof booking>;

/** A supplier's delivery note as the booking screen lists it, with its live (or last) booking. */
export const bookableNote = z.object({
  noteNumber: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  packages: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
  /** The live booking, else the latest refused or cancelled one (its reason), else null. */
  booking: booking.nullable(),
});
export type BookableNote = z.infer<typeof bookableNote>;

/** The refusal of a full slot carries these in the error envelope's data. */
export const slotFullData = z.object({ nextFree: z.array(slot) });
export type SlotFullData = z.infer<typeof slotFullData>;

// ---------------------------------------------------------------------------------------------------------
// Supplier: 预约送货 (ms0116)

export const listNotes = defineCall({
  area: 'dock',
  method: 'GET',
  path: '/dock/notes',
  module: bookingModule,
  summary: "The supplier's delivery notes that can be or are booked (已创建, 已预约), newest first, each with its booking.",
  data: z.array(bookableNote),
});

export const freeSlots = defineCall({
  area: 'dock',
  method: 'GET',
  path: '/dock/freeSlots',
  module: bookingModule,
  summary:
    "The slots of a delivery note's store or DC from now to the booking horizon that still take the note (deliveries and packages left), by day and time.",
  query: z.object({ noteNumber: z.string().trim().min(1).max(40) }),
  data: z.object({
    deptCode: z.string(),
    deptName: z.string(),
    horizonDays: z.number().int(),
    packages: z.number().int(),
    slots: z.array(slot),
  }),
});

export const book = defineCall({
  area: 'dock',
  method: 'POST',
  path: '/dock/book',
  module: bookingModule,
  button: 'book',
  changes: true,
  summary:
    'Books a slot for a delivery note in 已创建 (the note becomes 已预约, the booking 待确认). A full slot answers 409 with the next free slots in `data.nextFree`.',
  body: z.object({ noteNumber: z.string().trim().min(1).max(40), slotId: id }),
  data: booking,
});

export const move = defineCall({
  area: 'dock',
  method: 'POST',
  path: '/dock/move',
  module: bookingModule,
  button: 'book',
  changes: true,
  summary:
    'Moves a live booking to another slot with room (it waits for confirmation again). A full slot answers 409 with the next free slots.',
  body: z.object({ bookingId: id, slotId: id }),
  data: booking,
});

export const cancel = defineCall({
  area: 'dock',
  method: 'POST',
  path: '/dock/cancel',
  module: bookingModule,
  button: 'cancel',
  changes: true,
  summary: 'Cancels a live booking before its slot starts; the delivery note goes back to 已创建.',
  body: z.object({ bookingId: id }),
  data: booking,
});

// ---------------------------------------------------------------------------------------------------------
// Staff: 月台预约 (ms0117)

export const boardSlot = slot.extend({ bookings: z.array(booking) });
export type BoardSlot = z.infer<typeof boardSlot>;

export const board = defineCall({
  area: 'dock',
  method: 'GET',
  path: '/dock/board',
  module: boardModule,
  summary: "A store's or DC's slots of one day or a week with their bookings (every state).",
  query: z.object({ deptCode: z.string().trim().min(1).max(32), from: isoDate, days: z.coerce.number().int().min(1).max(7).default(1) }),
  data: z.object({ deptCode: z.string(), deptName: z.string(), slots: z.array(boardSlot) }),
});

export const docks = defineCall({
  area: 'dock',
  method: 'GET',
  path: '/dock/depts',
  module: boardModule,
  summary: 'The stores and DCs of the tenant, DCs first (the board picks one).',
  data: z.array(z.object({ deptCode: z.string(), deptName: z.string(), deptType: z.string() })),
});

export const slotPattern = z
  .object({
    deptCode: z.string().trim().min(1).max(32),
    /** The first day of the week to fill (seven days from it). */
    weekStart: isoDate,
    /** ISO days of the week: 1 Monday … 7 Sunday. */
    weekdays: z.array(z.number().int().min(1).max(7)).min(1, '请选择星期').max(7),
    /** Start of the first slot and of the last slot, HH:MM. */
    firstStart: time,
    lastStart: time,
    slotMinutes: z.number().int().min(15, '时段最短 15 分钟').max(240, '时段最长 240 分钟'),
    capacityDeliveries: count,
    capacityPackages: count,
  })
  .refine((p) => p.firstStart <= p.lastStart, { message: '最后时段不能早于第一个时段', path: ['lastStart'] });
export type SlotPattern = z.infer<typeof slotPattern>;

export const generateSlots = defineCall({
  area: 'dock',
  method: 'POST',
  path: '/dock/slots/generate',
  module: boardModule,
  changes: true,
  summary:
    "Makes a week's slots from a pattern (days of the week, first and last start, length, capacities); days already past and slots that exist are skipped.",
  body: slotPattern,
  data: z.object({ created: z.number().int(), skipped: z.number().int() }),
});

export const setCapacity = defineCall({
  area: 'dock',
  method: 'POST',
  path: '/dock/slots/capacity',
  module: boardModule,
  changes: true,
  summary: "Changes a slot's capacity (never below what is booked in it: 409).",
  body: z.object({ slotId: id, capacityDeliveries: count, capacityPackages: count }),
  data: slot,
});

export const closeSlot = defineCall({
  area: 'dock',
  method: 'POST',
  path: '/dock/slots/close',
  module: boardModule,
  changes: true,
  summary: 'Closes a slot to new bookings (closed: true) or opens it again; its bookings stay for staff to move or refuse.',
  body: z.object({ slotId: id, closed: z.boolean() }),
  data: slot,
});

export const confirm = defineCall({
  area: 'dock',
  method: 'POST',
  path: '/dock/confirm',
  module: boardModule,
  changes: true,
  summary: 'The receiving desk confirms a booking waiting for it (待确认 to 已确认).',
  body: z.object({ bookingId: id }),
  data: booking,
});

export const refuse = defineCall({
  area: 'dock',
  method: 'POST',
  path: '/dock/refuse',
  module: boardModule,
  changes: true,
  summary: 'The receiving desk refuses a live booking with a reason; its place is freed and the delivery note goes back to 已创建.',
  body: z.object({ bookingId: id, reason: z.string().trim().min(1, '请填写拒绝原因').max(200, '原因最多 200 字') }),
  data: booking,
});

export const reschedule = defineCall({
  area: 'dock',
  method: 'POST',
  path: '/dock/reschedule',
  module: boardModule,
  changes: true,
  summary: 'The receiving desk moves a live booking to another slot with room (the booking is then 已确认).',
  body: z.object({ bookingId: id, slotId: id }),
  data: booking,
});
