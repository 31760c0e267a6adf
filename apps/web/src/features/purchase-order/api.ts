// Calls of purchase orders (module ms0022) with their query keys: the paged list, one order, its lines
// split into packing units, and the stores and DCs that appear on the caller's orders.
import { type CallBody, type CallData, purchaseOrder } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

export type OrderListQuery = CallBody<typeof purchaseOrder.getPurOrderPage>;
export type OrderDetail = CallData<typeof purchaseOrder.getPurOrderDetail>;
export type OrderLine = OrderDetail['lines'][number];
export type SplitLine = CallData<typeof purchaseOrder.getPurOrderDetailSplitSubGoods>[number];

const orderKeys = { all: ['purchase-orders'] as const };

export const orderPageQuery = (query: OrderListQuery) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'page', query],
    queryFn: () => call(purchaseOrder.getPurOrderPage, { body: query }),
    placeholderData: (previous) => previous,
  });

/** Texts of a list column across every page of the search and the other column filters (the checklist). */
export async function orderColumnValues(query: OrderListQuery, field: string): Promise<string[]> {
  const { page: _page, limit: _limit, sort: _sort, ...search } = query;
  return (await call(purchaseOrder.getPurOrderColumnValues, { body: { ...search, field } }, { silent: true })).values;
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
