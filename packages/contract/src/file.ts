// The file store's own calls: upload, download and delete of a supplier's (or staff's) files. Areas that
// take files (certificates, settlement attachments) declare their own upload calls with their rules.
import { z } from 'zod';
import { defineCall } from './call';

export const storedFile = z.object({
  fileId: z.string(),
  fileName: z.string(),
  /** Media type recognised from the bytes. */
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;

/** Files are owner-checked by the store itself, whatever module a record that uses them belongs to. */
const ownerChecked = "a supplier reaches only its own supplier's files and staff their tenant's (checked by the file store)";

const fileIdQuery = z.object({ fileId: z.uuid('fileId 不是有效的文件编号') });

export const uploadFile = defineCall({
  area: 'file',
  method: 'POST',
  path: '/file/uploadFile',
  signedIn: ownerChecked,
  changes: true,
  summary:
    'Upload files (multipart/form-data, field `file`): PDF, JPEG, PNG or .xlsx recognised from their bytes, at most 10 MB each and 10 at once',
  // Documents and pictures people attach (CSV is only for imports, which read it).
  upload: { kinds: ['pdf', 'jpeg', 'png', 'xlsx'], maxBytes: 10 * 1024 * 1024, maxFiles: 10 },
  data: z.array(storedFile),
});

export const downloadFile = defineCall({
  area: 'file',
  method: 'GET',
  path: '/file/downloadFile',
  signedIn: ownerChecked,
  summary: "Download a file of the caller's supplier (staff: of their tenant), streamed under its name",
  query: fileIdQuery,
  data: z.null(),
});

export const deleteFile = defineCall({
  area: 'file',
  method: 'POST',
  path: '/file/deleteFile',
  signedIn: ownerChecked,
  changes: true,
  summary: "Delete a file of the caller's supplier that no record refers to",
  body: fileIdQuery,
  data: z.null(),
});
