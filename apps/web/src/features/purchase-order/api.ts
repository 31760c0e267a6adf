// Calls of purchase orders (module ms0022) with their query keys: the paged list, one order, its lines
// split into packing units, and the stores and DCs that appear on the caller's orders.
import { type CallBody, type CallData, type PurOrderSummary, purchaseOrder } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { searchOf } from '../../components/server-list/search-of';
import { dashboardKeys } from '../../lib/query-keys';
import { useChange } from '../../lib/react-query';

export type OrderListQuery = CallBody<typeof purchaseOrder.getPurOrderPage>;
export type OrderDetail = CallData<typeof purchaseOrder.getPurOrderDetail>;
export type OrderLine = OrderDetail['lines'][number];
export type SplitLine = CallData<typeof purchaseOrder.getPurOrderDetailSplitSubGoods>[number];

export const orderKeys = { all: ['purchase-orders'] as const };

export const orderPageQuery = (query: OrderListQuery) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'page', query],
    queryFn: () => call(purchaseOrder.getPurOrderPage, { body: query }),
    placeholderData: (previous) => previous,
  });

/** Texts of a list column across every page of the search and the other column filters (the checklist). */
export async function orderColumnValues(query: OrderListQuery, field: string): Promise<string[]> {
  return (await call(purchaseOrder.getPurOrderColumnValues, { body: { ...searchOf(query), field } }, { silent: true })).values;
}

/** Silent: the detail page shows why an order cannot be opened in place of the order. */
export const orderDetailQuery = (billNumber: string) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'detail', billNumber],
    queryFn: () => call(purchaseOrder.getPurOrderDetail, { query: { billNumber } }, { silent: true }),
    enabled: Boolean(billNumber),
    retry: false,
  });

export const splitLinesQuery = (billNumber: string) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'split', billNumber],
    queryFn: () => call(purchaseOrder.getPurOrderDetailSplitSubGoods, { query: { billNumber } }),
    enabled: Boolean(billNumber),
    retry: false,
  });

// Confirmation (issue 29): the supplier's answers, and the staff monitor.
export type ConfirmBody = CallBody<typeof purchaseOrder.confirmPurOrder>;
export type DeclineBody = CallBody<typeof purchaseOrder.declinePurOrder>;
export type MonitorQuery = CallBody<typeof purchaseOrder.getConfirmMonitorPage>;

export const useConfirmOrder = () =>
  useChange((body: ConfirmBody) => call(purchaseOrder.confirmPurOrder, { body }), [orderKeys.all, dashboardKeys.all]);
export const useDeclineOrder = () =>
  useChange((body: DeclineBody) => call(purchaseOrder.declinePurOrder, { body }), [orderKeys.all, dashboardKeys.all]);

/** The monitor's page as its list reads it; the same cached answer holds the figures (monitorPageQuery). */
export const monitorListQuery = (query: MonitorQuery) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'monitor', query],
    queryFn: (): Promise<{ total: number; list: PurOrderSummary[] }> => call(purchaseOrder.getConfirmMonitorPage, { body: query }),
    placeholderData: (previous) => previous,
  });

export const monitorPageQuery = (query: MonitorQuery) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'monitor', query],
    queryFn: () => call(purchaseOrder.getConfirmMonitorPage, { body: query }),
    placeholderData: (previous) => previous,
  });
