// Delivery notes (送货单, ASN) and receiving against them (issue 29, part B; docs/delivery-notes.md). A supplier
// makes a note from confirmed lines of its orders for one store or DC, prints it for the dock and may cancel it
// before it is booked or received; staff (the receiving role) or the retailer's WMS receive it once, which writes
// the acceptance lines that 验收统计 and settlement read, through the integration service.
import { z } from 'zod';
import { defineCall } from './call';
import { ModuleCode } from './modules';
import { decimal, isoDate, pageOf, pageParams } from './paging';

/** States, shared with the dock bookings (part C sets 已预约): created, booked, received, cancelled. */
export const noteStatuses = ['已创建', '已预约', '已收货', '已取消'] as const;
export const noteStatus = z.enum(noteStatuses);
export type NoteStatus = (typeof noteStatuses)[number];
export const noteStatusTextEn: Record<NoteStatus, string> = {
  已创建: 'Created',
  已预约: 'Booked',
  已收货: 'Received',
  已取消: 'Cancelled',
};

/** Why a quantity was refused at receiving. */
export const rejectReasons = ['破损', '临期', '质量问题', '超订单', '条码不符'] as const;
export const rejectReason = z.enum(rejectReasons);
export type RejectReason = (typeof rejectReasons)[number];
export const rejectReasonTextEn: Record<RejectReason, string> = {
  破损: 'Damaged',
  临期: 'Near expiry',
  质量问题: 'Quality problem',
  超订单: 'Beyond the order',
  条码不符: 'Barcode mismatch',
};

export const noteButtons = { add: 'add', cancel: 'cancel', print: 'print' } as const;
export const receivingButtons = { receive: 'receive' } as const;

/** A quantity typed on a screen: at most 11 digits and 3 decimals, not negative. */
const qty = z
  .string()
  .trim()
  .regex(/^\d{1,11}(\.\d{1,3})?$/, '数量须为最多三位小数的非负数');
const noteNumber = z.string().trim().min(1, 'noteNumber 不能为空').max(40);

// ---------------------------------------------------------------------------------------------------------------
// The supplier's notes

export const noteSummary = z.object({
  noteNumber: z.string(),
  suppCode: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  status: noteStatus,
  expectedDate: z.string(),
  packages: z.number().int(),
  lineCount: z.number().int(),
  totalQty: decimal,
  /** Received and rejected over the lines; '' before receiving. */
  receivedQty: z.string(),
  rejectedQty: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  orders: z.string(),
});
export type NoteSummary = z.infer<typeof noteSummary>;

export const notePageQuery = z.object({
  ...pageParams,
  status: noteStatus.optional(),
  deptCode: z.string().trim().max(32).optional(),
  /** The created date's range (the business day, Shanghai). */
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  noteNumber: z.string().trim().max(40).optional(),
});

export const getDeliveryNotePage = defineCall({
  area: 'delivery-note',
  method: 'POST',
  path: '/deliveryNote/getPage',
  module: ModuleCode.deliveryNote,
  summary: "The caller's supplier's delivery notes, newest first, paged and filtered",
  body: notePageQuery,
  data: pageOf(noteSummary),
});

/** An order line the supplier may still deliver: confirmed, of an order it holds, not all on notes or received. */
export const openLine = z.object({
  billNumber: z.string(),
  lineNo: z.number().int(),
  deptCode: z.string(),
  deptName: z.string(),
  orderStatus: z.string(),
  goodsCode: z.string(),
  barcode: z.string(),
  goodsName: z.string(),
  spec: z.string(),
  unit: z.string(),
  caseQty: z.number().int(),
  confirmedQty: decimal,
  receivedQty: decimal,
  /** On the supplier's notes not yet received nor cancelled. */
  onNotes: decimal,
  /** confirmed - received - on notes. */
  openQty: decimal,
  /** The most a note may carry: the open quantity plus the tenant's over-delivery tolerance. */
  maxQty: decimal,
  promisedDate: z.string(),
  /** Days; null: no shelf life (no batch or dates asked). */
  shelfLifeDays: z.number().int().nullable(),
});
export type OpenLine = z.infer<typeof openLine>;

export const getOpenLines = defineCall({
  area: 'delivery-note',
  method: 'GET',
  path: '/deliveryNote/getOpenLines',
  module: ModuleCode.deliveryNote,
  summary: "Confirmed order lines of the caller's supplier still open for a delivery note, optionally of one store or DC",
  query: z.object({ deptCode: z.string().trim().max(32).optional() }),
  data: z.object({ overDeliveryPercent: decimal, lines: z.array(openLine) }),
});

export const newNoteLine = z.object({
  billNumber: z.string().trim().min(1).max(40),
  lineNo: z.number().int().min(1),
  qty,
  packages: z.number().int().min(0).max(99_999).default(0),
  batchNo: z.string().trim().max(40).default(''),
  productionDate: z.union([z.literal(''), isoDate]).default(''),
  expiryDate: z.union([z.literal(''), isoDate]).default(''),
});

export const newNote = z.object({
  expectedDate: isoDate,
  remark: z.string().trim().max(200).default(''),
  lines: z.array(newNoteLine).min(1, '至少一行').max(500, '最多 500 行'),
});
export type NewNote = z.input<typeof newNote>;

export const noteLine = z.object({
  lineNo: z.number().int(),
  billNumber: z.string(),
  poLineNo: z.number().int(),
  goodsCode: z.string(),
  barcode: z.string(),
  goodsName: z.string(),
  spec: z.string(),
  unit: z.string(),
  price: decimal,
  qty: decimal,
  packages: z.number().int(),
  batchNo: z.string(),
  productionDate: z.string(),
  expiryDate: z.string(),
  /** After receiving ('' before): taken in, refused, and what never came (qty - received - rejected). */
  receivedQty: z.string(),
  rejectedQty: z.string(),
  rejectReason: z.string(),
  shortQty: z.string(),
});
export type NoteLine = z.infer<typeof noteLine>;

export const noteDetail = z.object({
  header: noteSummary.extend({
    suppName: z.string(),
    companyName: z.string(),
    remark: z.string(),
    receivedAt: z.string(),
    receivedBy: z.string(),
    receivingBill: z.string(),
    cancelledAt: z.string(),
    version: z.number().int(),
  }),
  lines: z.array(noteLine),
});
export type NoteDetail = z.infer<typeof noteDetail>;

export const createDeliveryNote = defineCall({
  area: 'delivery-note',
  method: 'POST',
  path: '/deliveryNote/create',
  module: ModuleCode.deliveryNote,
  button: noteButtons.add,
  changes: true,
  summary: 'Makes a delivery note from confirmed lines of orders of one store or DC (quantities within the open quantity)',
  body: newNote,
  data: noteDetail,
});

export const getDeliveryNoteDetail = defineCall({
  area: 'delivery-note',
  method: 'GET',
  path: '/deliveryNote/getDetail',
  module: ModuleCode.deliveryNote,
  summary: "One of the caller's supplier's delivery notes: head and lines, with what receiving found",
  query: z.object({ noteNumber }),
  data: noteDetail,
});

export const cancelDeliveryNote = defineCall({
  area: 'delivery-note',
  method: 'POST',
  path: '/deliveryNote/cancel',
  module: ModuleCode.deliveryNote,
  button: noteButtons.cancel,
  changes: true,
  summary: 'Cancels a delivery note in 已创建 (a booked one: cancel the booking first)',
  body: z.object({ noteNumber }),
  data: noteDetail,
});

// ---------------------------------------------------------------------------------------------------------------
// Receiving (staff)

export const getReceivingNote = defineCall({
  area: 'delivery-note',
  method: 'GET',
  path: '/receiving/getNote',
  module: ModuleCode.receiving,
  summary: 'A delivery note of the tenant by its number (typed or scanned at the dock)',
  query: z.object({ noteNumber }),
  data: noteDetail,
});

export const receivingLine = z.object({
  lineNo: z.number().int().min(1),
  receivedQty: qty,
  rejectedQty: qty.default('0'),
  rejectReason: z.union([z.literal(''), rejectReason]).default(''),
});

export const postReceiving = defineCall({
  area: 'delivery-note',
  method: 'POST',
  path: '/receiving/post',
  module: ModuleCode.receiving,
  button: receivingButtons.receive,
  changes: true,
  summary:
    'Receives a delivery note once: per line the received and rejected quantities (a rejection with its reason); ' +
    'writes the acceptance lines through the integration service',
  body: z.object({ noteNumber, lines: z.array(receivingLine).min(1).max(500) }),
  data: noteDetail,
});
