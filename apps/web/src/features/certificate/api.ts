// Calls of certificates (module ms0040) with their query keys; changes are mutations that refresh them.
import { type CallBody, type CertificateType, type CtfForm, certificate } from '@portal/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';
import { download, fileTypes } from '../../api/download';
import { type UploadProgress, upload } from '../../api/upload';
import { searchOf } from '../../components/server-list/search-of';

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
  return (await call(certificate.getCtfReviewColumnValues, { body: { ...searchOf(body), field } }, { silent: true })).values;
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
  download(certificate.downloadCtfTemplate, {}, { accept: fileTypes.xlsx, fallbackName: '资质证照导入模板.xlsx' });

export const downloadReport = (rows: CallBody<typeof certificate.exportImportReport>['rows']) =>
  download(certificate.exportImportReport, { body: { rows } }, { accept: fileTypes.xlsx, fallbackName: '资质证照导入校验结果.xlsx' });

export const useSaveCtf = () => useChange((form: CtfForm) => call(certificate.saveCtf, { body: form }, { silent: true }), [ctfKeys.all]);
export const useSaveType = () =>
  useChange((type: CertificateType) => call(certificate.saveCtfType, { body: type }, { silent: true }), [ctfKeys.all]);
export const useSubmitCtf = () => useChange((id: number) => call(certificate.submitCtf, { body: { id } }), [ctfKeys.all]);
export const useApproveCtf = () => useChange((id: number) => call(certificate.approveCtf, { body: { id } }), [ctfKeys.all]);
export const useReturnCtf = () =>
  useChange(({ id, reason }: { id: number; reason: string }) => call(certificate.returnCtf, { body: { id, reason } }), [ctfKeys.all]);
/** After an import the overview shows the new certificates. */
export const useImportDone = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ctfKeys.all });
};
