// The kinds of file an upload call may accept, each recognised from its bytes (not its name or header):
// the media type it is stored and served as, and the extensions its name may carry.
export const fileKinds = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'], text: 'PDF', textEn: 'PDF' },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], text: 'JPEG 图片', textEn: 'JPEG image' },
  png: { contentType: 'image/png', extensions: ['png'], text: 'PNG 图片', textEn: 'PNG image' },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
    text: 'Excel 工作簿',
    textEn: 'Excel workbook',
  },
  /** Comma-separated text (UTF-8, with or without a byte-order mark; GB18030 as Excel saves it in Chinese Windows). */
  csv: { contentType: 'text/csv', extensions: ['csv'], text: 'CSV 文件', textEn: 'CSV file' },
} as const;
export type FileKind = keyof typeof fileKinds;

/** What an upload call accepts: the kinds, the size of each file and how many files at once. */
export interface UploadRule {
  kinds: readonly FileKind[];
  maxBytes: number;
  maxFiles: number;
}

/** A size limit as messages show it, e.g. '10 MB'. */
export const sizeText = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
