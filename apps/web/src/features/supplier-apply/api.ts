// Calls of supplier admission with their query keys: the public application, the review (ms0063) and the
// supplier history (ms0064); changes are mutations that refresh them.
import { type CallBody, type SupplierStatus, auth, supplierApply } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { upload } from '../../api/upload';

export type ApplyListQuery = CallBody<typeof supplierApply.getApplyList>;
export type SupplierListQuery = CallBody<typeof supplierApply.getSupplierHistoryList>;
export type ApplyBody = CallBody<typeof supplierApply.submitApply>;

const keys = { all: ['supplier-apply'] as const };

export const categoriesQuery = (tenantid: string) =>
  queryOptions({
    queryKey: [...keys.all, 'categories', tenantid],
    queryFn: () => call(supplierApply.applyCategories, { query: { tenantid } }),
    staleTime: 300_000,
  });

export const newCaptcha = () => call(auth.captcha, undefined, { silent: true });

export const submitApplication = (tenantid: string, form: ApplyBody, files: File[]) =>
  upload(supplierApply.submitApply, files, { query: { tenantid }, form, silent: true });

export const lookUpApplication = (tenantid: string, applyNo: string, creditCode: string) =>
  call(supplierApply.queryApply, { query: { tenantid }, body: { applyNo, creditCode } }, { silent: true });

export const applyPageQuery = (body: ApplyListQuery) =>
  queryOptions({
    queryKey: [...keys.all, 'list', body],
    queryFn: () => call(supplierApply.getApplyList, { body }),
    placeholderData: (previous) => previous,
  });

export async function applyColumnValues(body: ApplyListQuery, field: string): Promise<string[]> {
  const { page: _page, limit: _limit, sort: _sort, ...search } = body;
  return (await call(supplierApply.getApplyColumnValues, { body: { ...search, field } }, { silent: true })).values;
}

export const applyDetailQuery = (applyNo: string | undefined) =>
  queryOptions({
    queryKey: [...keys.all, 'detail', applyNo ?? ''],
    queryFn: () => call(supplierApply.getApplyDetail, { query: { applyNo: applyNo! } }),
    enabled: Boolean(applyNo),
  });

export const supplierPageQuery = (body: SupplierListQuery) =>
  queryOptions({
    queryKey: [...keys.all, 'suppliers', body],
    queryFn: () => call(supplierApply.getSupplierHistoryList, { body }),
    placeholderData: (previous) => previous,
  });

export async function supplierColumnValues(body: SupplierListQuery, field: string): Promise<string[]> {
  const { page: _page, limit: _limit, sort: _sort, ...search } = body;
  return (await call(supplierApply.getSupplierHistoryColumnValues, { body: { ...search, field } }, { silent: true })).values;
}

export const supplierHistoryQuery = (suppCode: string | undefined) =>
  queryOptions({
    queryKey: [...keys.all, 'supplier', suppCode ?? ''],
    queryFn: () => call(supplierApply.getSupplierHistory, { query: { suppCode: suppCode! } }),
    enabled: Boolean(suppCode),
  });

/** A change: when it has succeeded or failed, every admission query is fetched again. */
function useChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: change, onSettled: () => client.invalidateQueries({ queryKey: keys.all }) });
}

type Step = { applyNo: string; note: string };
export const useAccept = () => useChange((s: Step) => call(supplierApply.acceptApply, { body: s }));
export const useApprove = () => useChange((s: Step) => call(supplierApply.approveApply, { body: s }));
export const useReturn = () => useChange((s: Step) => call(supplierApply.returnApply, { body: s }));
export const useChangeStatus = () =>
  useChange((s: { suppCode: string; status: SupplierStatus; note: string }) => call(supplierApply.changeSupplierStatus, { body: s }));
