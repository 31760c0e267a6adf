// Purchase orders a supplier follows: the paged list, the order with its lines, printing.
import { z } from 'zod';
import { defineCall } from './call';
import { columnFilters, columnValues, columnValuesParams, decimal, isoDate, pageOf, pageParams, sortParam } from './paging';
import { ModuleCode } from './modules';

/** Order states (domain.md): issued, read, confirmed, partly received, completed; expired and closed. */
export const orderStatuses = ['已下达', '已阅读', '已确认', '部分到货', '已完成', '已过期', '已关闭'] as const;
export const orderStatus = z.enum(orderStatuses);
/** The states in English (the screens' label; the value stays the Chinese word). */
export const orderStatusTextEn: Record<(typeof orderStatuses)[number], string> = {
  已下达: 'Issued',
  已阅读: 'Read',
  已确认: 'Confirmed',
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
});
export type PurOrderSummary = z.infer<typeof purOrderSummary>;

export const purOrderQuery = z.object({
  ...pageParams,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  deptCode: z.string().trim().max(32).optional(),
  status: orderStatus.optional(),
  billNumber: z.string().trim().max(40).optional(),
  /** Staff only: narrow to one supplier; ignored for supplier accounts. */
  suppCode: z.string().trim().max(32).optional(),
  sort: sortParam.optional(),
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
  data: z.object({ header: purOrderSummary.extend({ companyName: z.string() }), lines: z.array(purOrderLine) }),
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
