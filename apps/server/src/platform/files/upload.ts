// Reads the files of an upload call (multipart/form-data) within the call's rule: count and size limits
// while streaming (413, nothing kept), the kind recognised from the bytes, the name's extension matching it.
// Refusals carry each language's text; the error handler answers the caller's.
import { createHash } from 'node:crypto';
import { type FileKind, type UploadRule, fileKinds, sizeText } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError, type Localized } from '../errors';
import { sniff } from './sniff';
import { type UploadTexts, uploadTexts } from './upload-texts';

/** A file received whole and checked, ready for the store. */
export interface ReceivedFile {
  name: string;
  kind: FileKind;
  contentType: string;
  bytes: Buffer;
  sha256: string;
}

const tooLarge = (message: Localized) => new ApiError(413, '413', message);
const notAccepted = (message: Localized) => new ApiError(415, '415', message);
/** Longest text field of an upload (a form sent beside its files). */
const maxFieldBytes = 64 * 1024;
const maxNameLength = 200;

/** A refusal's text in each language. */
const inEach = (text: (texts: UploadTexts) => string): Localized => ({ 'zh-CN': text(uploadTexts['zh-CN']), en: text(uploadTexts.en) });

/** Keeps the last path segment, without control characters; a name can only name a file. */
function fileNameOf(raw: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const name = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!name || name === '.' || name === '..') throw ApiError.badRequest(inEach((t) => t.nameEmpty));
  if (name.length > maxNameLength) throw ApiError.badRequest(inEach((t) => t.nameTooLong(maxNameLength)));
  return name;
}

function check(name: string, bytes: Buffer, rule: UploadRule): ReceivedFile {
  const kind = sniff(bytes);
  if (!kind || !rule.kinds.includes(kind))
    throw notAccepted(inEach((t) => t.wrongKind(name, rule.kinds.map(t.kind).join(t.kindSeparator))));
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!(fileKinds[kind].extensions as readonly string[]).includes(extension)) {
    throw notAccepted(inEach((t) => t.extensionMismatch(name, t.kind(kind))));
  }
  return { name, kind, contentType: fileKinds[kind].contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The checked files of a multipart body and its text fields (by name; a repeated name keeps the last). */
export interface ReceivedParts {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

export async function receiveParts(request: FastifyRequest, rule: UploadRule): Promise<ReceivedParts> {
  if (!request.isMultipart()) throw ApiError.badRequest(inEach((t) => t.notMultipart));
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let name = '';
  try {
    for await (const part of request.parts({
      limits: { fileSize: rule.maxBytes, files: rule.maxFiles, fields: 20, fieldSize: maxFieldBytes, parts: rule.maxFiles + 20 },
    })) {
      if (part.type !== 'file') {
        if (part.valueTruncated) throw tooLarge(inEach((t) => t.fieldTooLong(part.fieldname, maxFieldBytes / 1024)));
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') throw ApiError.badRequest(inEach((t) => t.notFileField(part.fieldname)));
      name = part.filename;
      const bytes = await part.toBuffer();
      files.push(check(fileNameOf(part.filename), bytes, rule));
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(inEach((t) => t.tooLarge(name, sizeText(rule.maxBytes))));
    if (code === 'FST_FILES_LIMIT') throw tooLarge(inEach((t) => t.tooManyFiles(rule.maxFiles)));
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw tooLarge(inEach((t) => t.tooManyFields));
    throw err;
  }
  return { files, fields };
}

export async function receiveFiles(request: FastifyRequest, rule: UploadRule): Promise<ReceivedFile[]> {
  const { files } = await receiveParts(request, rule);
  if (files.length === 0) throw ApiError.badRequest(inEach((t) => t.noFile));
  return files;
}
