// Calls of certificates (module ms0040) with their query keys; changes are mutations that refresh them.
import { type CallBody, type CertificateType, type CtfForm, certificate } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { download, fileTypes } from '../../api/download';
import { type UploadProgress, upload } from '../../api/upload';

export type ReviewListQuery = CallBody<typeof certificate.getCtfReviewList>;

export const ctfKeys = { all: ['certificates'] as const };

export const typesQuery = queryOptions({
  queryKey: [...ctfKeys.all, 'types'],
  queryFn: () => call(certificate.getCtfTypes),
  staleTime: 60_000,
});

export const overviewQuery = (suppCode: string | undefined, enabled = true) =>
  queryOptions({
    queryKey: [...ctfKeys.all, 'overview', suppCode ?? ''],
    queryFn: () => call(certificate.getSupplierCtfs, { query: suppCode ? { suppCode } : {} }),
    enabled,
  });

export const detailQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: [...ctfKeys.all, 'detail', id ?? 0],
    queryFn: () => call(certificate.getCtfDetail, { query: { id: id! } }),
    enabled: Boolean(id),
  });

export const reviewPageQuery = (body: ReviewListQuery) =>
  queryOptions({
    queryKey: [...ctfKeys.all, 'review', body],
    queryFn: () => call(certificate.getCtfReviewList, { body }),
    placeholderData: (previous) => previous,
  });

export async function reviewColumnValues(body: ReviewListQuery, field: string): Promise<string[]> {
  const { page: _page, limit: _limit, sort: _sort, ...search } = body;
  return (await call(certificate.getCtfReviewColumnValues, { body: { ...search, field } }, { silent: true })).values;
}

export const problemsQuery = queryOptions({
  queryKey: [...ctfKeys.all, 'problems'],
  queryFn: () => call(certificate.getProblemSuppliers),
});

export const uploadFiles = (files: File[], onProgress: (p: UploadProgress) => void) =>
  upload(certificate.uploadCtfFile, files, { onProgress, silent: true });

export const importSheet = (sheet: File, mode: 'all' | 'valid', onProgress: (p: UploadProgress) => void) =>
  upload(certificate.importCtfs, [sheet], { query: { mode }, onProgress, silent: true });

export const downloadTemplate = () =>
  download(certificate.downloadCtfTemplate, undefined, { accept: fileTypes.xlsx, fallbackName: '资质证照导入模板.xlsx' });

export const downloadReport = (rows: CallBody<typeof certificate.exportImportReport>['rows']) =>
  download(certificate.exportImportReport, { rows }, { accept: fileTypes.xlsx, fallbackName: '资质证照导入校验结果.xlsx' });

/** A change of certificates: when it has succeeded or failed, every certificate query is fetched again. */
function useCtfChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: ctfKeys.all }),
  });
}

export const useSaveCtf = () => useCtfChange((form: CtfForm) => call(certificate.saveCtf, { body: form }, { silent: true }));
export const useSaveType = () => useCtfChange((type: CertificateType) => call(certificate.saveCtfType, { body: type }, { silent: true }));
export const useSubmitCtf = () => useCtfChange((id: number) => call(certificate.submitCtf, { body: { id } }));
export const useApproveCtf = () => useCtfChange((id: number) => call(certificate.approveCtf, { body: { id } }));
export const useReturnCtf = () =>
  useCtfChange(({ id, reason }: { id: number; reason: string }) => call(certificate.returnCtf, { body: { id, reason } }));
/** After an import the overview shows the new certificates. */
export const useImportDone = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ctfKeys.all });
};
