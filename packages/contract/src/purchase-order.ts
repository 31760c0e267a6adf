// Purchase orders a supplier follows: the paged list, the order with its lines, printing.
import { z } from 'zod';
import { defineCall } from './call';
import { columnFilters, columnValues, columnValuesParams, decimal, isoDate, keysetParams, pageOf, pageParams, sortParam } from './paging';
import { ModuleCode } from './modules';

/**
 * Order states (domain.md): issued, read (opened by the supplier), confirmed in full or in part or declined by
 * the supplier; partly received and completed follow receiving; expired and closed follow the retailer.
 * 已下达 and 已阅读 are the ones waiting for the supplier's confirmation (待确认).
 */
export const orderStatuses = ['已下达', '已阅读', '已确认', '部分确认', '已拒绝', '部分到货', '已完成', '已过期', '已关闭'] as const;
export const orderStatus = z.enum(orderStatuses);
/** The states in English (the screens' label; the value stays the Chinese word). */
export const orderStatusTextEn: Record<(typeof orderStatuses)[number], string> = {
  已下达: 'Issued',
  已阅读: 'Read',
  已确认: 'Confirmed',
  部分确认: 'Partly confirmed',
  已拒绝: 'Declined',
  部分到货: 'Partly delivered',
  已完成: 'Completed',
  已过期: 'Expired',
  已关闭: 'Closed',
};

export const purOrderSummary = z.object({
  billNumber: z.string(),
  suppCode: z.string(),
  suppName: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  orderDate: z.string(),
  deliveryDate: z.string(),
  validDays: z.number().int(),
  deadline: z.string(),
  deliveryMode: z.string(),
  orderType: z.string(),
  status: orderStatus,
  totalQty: decimal,
  totalAmount: decimal,
  receivedQty: decimal,
  lineCount: z.number().int(),
  /** Confirmation (issue 29): the deadline, when it was confirmed or declined (ISO instants, null: not yet). */
  confirmDueAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** Confirmed (or declined) after its deadline. */
  late: z.boolean(),
  /** Waiting for confirmation past its deadline. */
  overdue: z.boolean(),
  /** Reopened by a changed version of the retailer since the supplier last answered. */
  changed: z.boolean(),
  /** When the supplier first opened it (null: not yet). */
  readAt: z.string().nullable(),
  /** A declined order's reason (one of declineReasons) and free text; '' otherwise. */
  declineReason: z.string(),
  declineNote: z.string(),
  /** When a changed version last sent it back for confirmation (null: never). */
  reopenedAt: z.string().nullable(),
  /** The optimistic version a confirmation or decline sends back. */
  version: z.number().int(),
});
export type PurOrderSummary = z.infer<typeof purOrderSummary>;

/**
 * The order list's sorts (issue #34): each read from an index for one supplier and for staff, so the first page of
 * two million orders comes without sorting them. Other columns filter but do not sort (a sort by the received
 * quantity sums every order's lines: 220 ms for a supplier of 10,000 orders, seconds for staff).
 */
export const purOrderSortFields = [
  'orderDate',
  'deliveryDate',
  'billNumber',
  'totalAmount',
] as const satisfies readonly (keyof PurOrderSummary)[];
export type PurOrderSortField = (typeof purOrderSortFields)[number];

export const purOrderQuery = z.object({
  ...pageParams,
  ...keysetParams,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  deptCode: z.string().trim().max(32).optional(),
  status: orderStatus.optional(),
  /** Only the orders waiting for the supplier's confirmation (待确认: 已下达 and 已阅读). */
  waiting: z.boolean().optional(),
  billNumber: z.string().trim().max(40).optional(),
  /** Staff only: narrow to one supplier; ignored for supplier accounts. */
  suppCode: z.string().trim().max(32).optional(),
  sort: sortParam.extend({ field: z.enum(purOrderSortFields, { message: '不能按此列排序' }) }).optional(),
  /** Column filters of the grid, applied on the server. */
  filters: columnFilters.optional(),
});

export const getPurOrderPage = defineCall({
  area: 'purchase-order',
  method: 'POST',
  path: '/purOrderBill/getPurOrderPage',
  module: ModuleCode.purchaseOrder,
  summary: "Purchase orders of the caller's supplier (staff: of the tenant), paged and filtered",
  body: purOrderQuery,
  data: pageOf(purOrderSummary),
});

export const getPurOrderColumnValues = defineCall({
  area: 'purchase-order',
  method: 'POST',
  path: '/purOrderBill/getPurOrderColumnValues',
  module: ModuleCode.purchaseOrder,
  summary: "Distinct texts of one list column under the search and the other column filters (the grid's value checklist)",
  body: purOrderQuery.omit({ page: true, limit: true, sort: true }).extend(columnValuesParams),
  data: columnValues,
});

export const purOrderLine = z.object({
  lineNo: z.number().int(),
  goodsCode: z.string(),
  barcode: z.string(),
  goodsName: z.string(),
  spec: z.string(),
  unit: z.string(),
  caseQty: z.number().int(),
  orderQty: decimal,
  caseCount: decimal,
  receivedQty: decimal,
  freeQty: decimal,
  price: decimal,
  taxRate: decimal,
  amount: decimal,
  /** What the supplier confirmed: null until it did (or since the line changed). */
  confirmedQty: decimal.nullable(),
  promisedDate: z.string().nullable(),
  /** The reason of a short or late confirmation. */
  confirmNote: z.string(),
  /** Changed by the retailer's new version since the supplier last answered; the values before (null: unchanged). */
  changed: z.boolean(),
  isNew: z.boolean(),
  prevQty: decimal.nullable(),
  prevPrice: decimal.nullable(),
  prevDeliveryDate: z.string().nullable(),
});

export const detailQuery = z.object({
  billNumber: z.string().trim().min(1, 'billNumber 不能为空').max(40),
  /** The spec's callers send the order's date; it names nothing the bill number does not (checked, then unused); empty: none. */
  accDate: z.union([z.literal(''), isoDate]).optional(),
  deptCode: z.string().max(32).optional(),
  suppCode: z.string().max(32).optional(),
});

export const getPurOrderDetail = defineCall({
  area: 'purchase-order',
  method: 'GET',
  path: '/purOrderBill/getPurOrderDetail',
  module: ModuleCode.purchaseOrder,
  summary: 'One purchase order: header and lines',
  query: detailQuery,
  data: z.object({
    header: purOrderSummary.extend({ companyName: z.string(), readBy: z.string(), confirmedBy: z.string() }),
    lines: z.array(purOrderLine),
  }),
});
export type PurOrderDetail = z.infer<typeof getPurOrderDetail.data>;

// ---------------------------------------------------------------------------------------------------------------
// Confirmation (issue 29, part A)

/** Buttons of the purchase-order module (ms0022) a child account needs for the supplier's answers. */
export const orderButtons = { confirm: 'confirm', decline: 'decline' } as const;

/** The states waiting for the supplier's confirmation (待确认). */
export const waitingStatuses = ['已下达', '已阅读'] as const;

/** Why a supplier declines an order. */
export const declineReasons = ['缺货', '停产', '价格异议', '产能不足', '其他'] as const;
export const declineReasonTextEn: Record<(typeof declineReasons)[number], string> = {
  缺货: 'Out of stock',
  停产: 'Discontinued',
  价格异议: 'Price disputed',
  产能不足: 'Not enough capacity',
  其他: 'Other',
};

const note = z.string().trim().max(200, '原因最多 200 字');

export const confirmLine = z.object({
  lineNo: z.number().int(),
  /** 0 < quantity <= ordered; below the ordered one needs `note`. */
  confirmedQty: decimal,
  /** Not in the past; after the order's deadline needs `note`. */
  promisedDate: isoDate,
  note: note.default(''),
});

export const confirmPurOrder = defineCall({
  area: 'purchase-order',
  method: 'POST',
  path: '/purOrderBill/confirmPurOrder',
  module: ModuleCode.purchaseOrder,
  button: orderButtons.confirm,
  changes: true,
  summary:
    'The supplier confirms an issued or read order: every line its quantity and promised date (all in full: 已确认; any short: 部分确认)',
  body: z.object({
    billNumber: z.string().trim().min(1, 'billNumber 不能为空').max(40),
    version: z.number().int(),
    lines: z.array(confirmLine).min(1, '请确认订单行').max(1000),
  }),
  data: getPurOrderDetail.data,
});

export const declinePurOrder = defineCall({
  area: 'purchase-order',
  method: 'POST',
  path: '/purOrderBill/declinePurOrder',
  module: ModuleCode.purchaseOrder,
  button: orderButtons.decline,
  changes: true,
  summary: 'The supplier declines an issued or read order with a reason (已拒绝)',
  body: z.object({
    billNumber: z.string().trim().min(1, 'billNumber 不能为空').max(40),
    version: z.number().int(),
    reason: z.enum(declineReasons),
    note,
  }),
  data: getPurOrderDetail.data,
});

/** What the staff monitor shows (订单确认监控). */
export const monitorViews = ['waiting', 'overdue', 'declined', 'changed', 'late'] as const;

export const monitorQuery = z.object({
  ...pageParams,
  view: z.enum(monitorViews).default('waiting'),
  suppCode: z.string().trim().max(32).optional(),
  deptCode: z.string().trim().max(32).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});

export const getConfirmMonitorPage = defineCall({
  area: 'purchase-order',
  method: 'POST',
  path: '/orderConfirmMonitor/getPage',
  module: ModuleCode.orderConfirmMonitor,
  summary: 'Staff: orders waiting for confirmation, overdue, declined, reopened by a change, or confirmed late; paged',
  body: monitorQuery,
  data: pageOf(purOrderSummary).extend({
    /** How many orders of the filters each view holds (the tabs' badges). */
    counts: z.object({
      waiting: z.number().int(),
      overdue: z.number().int(),
      declined: z.number().int(),
      changed: z.number().int(),
      late: z.number().int(),
    }),
  }),
});

/** A line split into its packing units: whole cases and loose units (拆零). */
export const subGoodsLine = z.object({
  lineNo: z.number().int(),
  goodsCode: z.string(),
  goodsName: z.string(),
  packUnit: z.string(),
  packQty: decimal,
  unitsPerPack: z.number().int(),
  qty: decimal,
});

export const getPurOrderDetailSplitSubGoods = defineCall({
  area: 'purchase-order',
  method: 'GET',
  path: '/purOrderBill/getPurOrderDetailSplitSubGoods',
  module: ModuleCode.purchaseOrder,
  summary: 'The lines of an order split into whole cases and loose units',
  query: detailQuery.omit({ suppCode: true }),
  data: z.array(subGoodsLine),
});

export const getDept = defineCall({
  area: 'purchase-order',
  method: 'GET',
  path: '/purOrderBill/getDept',
  module: ModuleCode.purchaseOrder,
  summary: "Stores and DCs that appear on the caller's orders",
  data: z.array(z.object({ deptCode: z.string(), deptName: z.string() })),
});
