// Reads the files of an upload call (multipart/form-data) within the call's rule: count and size limits
// while streaming (413, nothing kept), the kind recognised from the bytes, the name's extension matching it.
import { createHash } from 'node:crypto';
import { type FileKind, type UploadRule, fileKinds, sizeText } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { sniff } from './sniff';

/** A file received whole and checked, ready for the store. */
export interface ReceivedFile {
  name: string;
  kind: FileKind;
  contentType: string;
  bytes: Buffer;
  sha256: string;
}

const tooLarge = (message: string) => new ApiError(413, '413', message);
/** Longest text field of an upload (a form sent beside its files). */
const maxFieldBytes = 64 * 1024;

/** Keeps the last path segment, without control characters; a name can only name a file. */
function fileNameOf(raw: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const name = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!name || name === '.' || name === '..') throw ApiError.badRequest('file: 文件名不能为空');
  if (name.length > 200) throw ApiError.badRequest('file: 文件名不能超过200个字符');
  return name;
}

function check(name: string, bytes: Buffer, rule: UploadRule): ReceivedFile {
  const allowed = rule.kinds.map((k) => fileKinds[k].text).join('、');
  const kind = sniff(bytes);
  if (!kind || !rule.kinds.includes(kind)) throw new ApiError(415, '415', `文件 ${name} 不是允许的类型（${allowed}）`);
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!(fileKinds[kind].extensions as readonly string[]).includes(extension)) {
    throw new ApiError(415, '415', `文件 ${name} 的内容是${fileKinds[kind].text}，与扩展名不符`);
  }
  return { name, kind, contentType: fileKinds[kind].contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The checked files of a multipart body and its text fields (by name; a repeated name keeps the last). */
export interface ReceivedParts {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

export async function receiveParts(request: FastifyRequest, rule: UploadRule): Promise<ReceivedParts> {
  if (!request.isMultipart()) throw ApiError.badRequest('file: 请以 multipart/form-data 上传文件');
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let name = '';
  try {
    for await (const part of request.parts({
      limits: { fileSize: rule.maxBytes, files: rule.maxFiles, fields: 20, fieldSize: maxFieldBytes, parts: rule.maxFiles + 20 },
    })) {
      if (part.type !== 'file') {
        if (part.valueTruncated) throw tooLarge(`${part.fieldname}: 表单字段超过 ${maxFieldBytes / 1024} KB`);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') throw ApiError.badRequest(`${part.fieldname}: 文件须放在 file 字段中`);
      name = part.filename;
      const bytes = await part.toBuffer();
      files.push(check(fileNameOf(part.filename), bytes, rule));
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(`文件 ${name} 超过 ${sizeText(rule.maxBytes)} 的上限`);
    if (code === 'FST_FILES_LIMIT') throw tooLarge(`一次最多上传 ${rule.maxFiles} 个文件`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw tooLarge('表单字段过多');
    throw err;
  }
  return { files, fields };
}

export async function receiveFiles(request: FastifyRequest, rule: UploadRule): Promise<ReceivedFile[]> {
  const { files } = await receiveParts(request, rule);
  if (files.length === 0) throw ApiError.badRequest('file: 请选择要上传的文件');
  return files;
}
