// Calls of 数据导入 (ms0111): the template, the check and the import of a file, the report as .xlsx.
import { type Language, integration } from '@portal/contract';

type DocumentEntity = integration.DocumentEntity;
import { download, fileTypes } from '../../api/download';
import { type UploadProgress, upload } from '../../api/upload';

export type ImportReport = integration.ImportReport;
export type ReportLine = integration.ReportLine;

export const downloadTemplate = (entity: DocumentEntity, language: Language) =>
  download(
    integration.downloadImportTemplate,
    { query: { entity, language } },
    { accept: fileTypes.xlsx, fallbackName: `${entity}-template.xlsx` },
  );

/** A check (nothing written) or the import of a file; failures are the page's to show. */
export const sendFile = (step: 'check' | 'import', entity: DocumentEntity, file: File, onProgress: (p: UploadProgress) => void) =>
  upload(step === 'check' ? integration.checkImport : integration.runImport, [file], { query: { entity }, onProgress, silent: true });

export const downloadReport = (entity: DocumentEntity, lines: ReportLine[]) =>
  download(integration.exportImportReport, { body: { entity, lines } }, { accept: fileTypes.xlsx, fallbackName: `${entity}-report.xlsx` });
