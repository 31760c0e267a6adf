// Calls of supplier admission with their query keys: the public application, the review (ms0063) and the
// supplier history (ms0064); changes are mutations that refresh them.
import { type CallBody, type SupplierStatus, auth, supplierApply } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';
import { upload } from '../../api/upload';
import { searchOf } from '../../components/server-list/search-of';

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
  return (await call(supplierApply.getApplyColumnValues, { body: { ...searchOf(body), field } }, { silent: true })).values;
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
  const search = searchOf(body);
  return (await call(supplierApply.getSupplierHistoryColumnValues, { body: { ...search, field } }, { silent: true })).values;
}

export const supplierHistoryQuery = (suppCode: string | undefined) =>
  queryOptions({
    queryKey: [...keys.all, 'supplier', suppCode ?? ''],
    queryFn: () => call(supplierApply.getSupplierHistory, { query: { suppCode: suppCode! } }),
    enabled: Boolean(suppCode),
  });

type Step = { applyNo: string; note: string };
export const useAccept = () => useChange((s: Step) => call(supplierApply.acceptApply, { body: s }), [keys.all]);
export const useApprove = () => useChange((s: Step) => call(supplierApply.approveApply, { body: s }), [keys.all]);
export const useReturn = () => useChange((s: Step) => call(supplierApply.returnApply, { body: s }), [keys.all]);
export const useChangeStatus = () =>
  useChange(
    (s: { suppCode: string; status: SupplierStatus; note: string }) => call(supplierApply.changeSupplierStatus, { body: s }),
    [keys.all],
  );
