// Calls of new-product applications (supplier ms0061, review ms0060) with their query keys; changes are
// mutations that refresh them.
import { type ApplyForm, type CallBody, goodsApply } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';
import { type UploadProgress, upload } from '../../api/upload';
import { searchOf } from '../../components/server-list/search-of';

export type ApplyListQuery = CallBody<typeof goodsApply.getApplyPage>;
/** Which side a page is: the supplier's own applications or the staff's review. */
export type Side = 'supplier' | 'audit';

export const applyKeys = { all: ['goods-apply'] as const };

const calls = {
  supplier: { page: goodsApply.getApplyPage, values: goodsApply.getApplyColumnValues, detail: goodsApply.getApplyDetail },
  audit: { page: goodsApply.getAuditPage, values: goodsApply.getAuditColumnValues, detail: goodsApply.getAuditDetail },
} as const;

export const pageQuery = (side: Side) => (body: ApplyListQuery) =>
  queryOptions({
    queryKey: [...applyKeys.all, side, 'page', body],
    queryFn: () => call(calls[side].page, { body }),
    placeholderData: (previous) => previous,
  });

export const columnValuesOf = (side: Side) => async (body: ApplyListQuery, field: string) => {
  return (await call(calls[side].values, { body: { ...searchOf(body), field } }, { silent: true })).values;
};

export const detailQuery = (side: Side, applyNo: string | undefined) =>
  queryOptions({
    queryKey: [...applyKeys.all, side, 'detail', applyNo ?? ''],
    queryFn: () => call(calls[side].detail, { query: { applyNo: applyNo! } }),
    enabled: Boolean(applyNo),
  });

export const newAppInfoQuery = queryOptions({
  queryKey: [...applyKeys.all, 'new-app-info'],
  queryFn: () => call(goodsApply.getNewAppInfo, { query: { processKey: 'goodsApply' } }),
});

export const linkableQuery = queryOptions({
  queryKey: [...applyKeys.all, 'linkable'],
  queryFn: () => call(goodsApply.getLinkableCtfs),
});

export const uploadFiles = (files: File[], onProgress: (p: UploadProgress) => void) =>
  upload(goodsApply.uploadApplyFile, files, { onProgress, silent: true });

export const useSaveApply = () =>
  useChange((form: ApplyForm) => call(goodsApply.saveApply, { body: form }, { silent: true }), [applyKeys.all]);
export const useSubmitApply = () =>
  useChange(
    (form: ApplyForm) => call(goodsApply.startErpProcessWithForm, { body: { processKey: 'goodsApply', form } }, { silent: true }),
    [applyKeys.all],
  );
export const useWithdrawApply = () =>
  useChange((applyNo: string) => call(goodsApply.withdrawApply, { body: { applyNo } }), [applyKeys.all]);
export const useDeleteApply = () => useChange((applyNo: string) => call(goodsApply.deleteApply, { body: { applyNo } }), [applyKeys.all]);

export type Verdict = 'accept' | 'approve' | 'reject';
const verdictCalls = { accept: goodsApply.acceptApply, approve: goodsApply.approveApply, reject: goodsApply.rejectApply } as const;
export const useReviewApply = () =>
  useChange(
    ({ verdict, applyNo, comment }: { verdict: Verdict; applyNo: string; comment: string }) =>
      call(verdictCalls[verdict], { body: { applyNo, comment } }, { silent: true }),
    [applyKeys.all],
  );
