// Files the server streams (exports): POSTed with the platform client's headers, read as a stream so the
// page can show progress, saved only when the answer is the expected file type, under the server's name.
import { type CallBody, type CallDef, type CallQuery, fileKinds, Timeouts } from '@portal/contract';
import { message } from 'antd';
import type { z } from 'zod';
import { ApiFailure, currentSession, endsSession, errorTexts, parseEnvelope, reactToFailure, refusalOf, send } from './client';

/** Media types of the files the exports answer. */
export const fileTypes = {
  csv: ['text/csv'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  pdf: ['application/pdf'],
  /** Any file the file store keeps (its kinds: PDF, images, .xlsx). */
  stored: Object.values(fileKinds).map((k) => k.contentType),
} as const satisfies Record<string, readonly string[]>;

/** The media type of a Content-Type header, lower case, without parameters ('' when absent). */
export const mediaType = (contentType: string | null): string => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** Whether an answer is one of the accepted file types; JSON (the error envelope) never is. */
export function isExpectedType(contentType: string | null, accepted: readonly string[]): boolean {
  const type = mediaType(contentType);
  return type !== '' && !/[/+]json$/.test(type) && accepted.includes(type);
}

/** Keeps the last path segment and drops control characters, so a name can only name a file. */
function safeName(name: string): string | null {
  const last = name.split(/[\\/]/).pop()!;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const base = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base && base !== '.' && base !== '..' ? base : null;
}

/** Decodes the percent-escapes of an RFC 5987 value in its charset (UTF-8 or ISO-8859-1). */
function decodeExtValue(charset: string, value: string): string | null {
  try {
    if (charset === 'utf-8') return decodeURIComponent(value);
    if (charset === 'iso-8859-1') return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    // A broken escape: fall back to the plain filename parameter.
  }
  return null;
}

/**
 * The file name of a Content-Disposition header: `filename*` (RFC 5987 / 6266, e.g. UTF-8''%E9%AA%8C.csv)
 * wins over `filename`; null when neither gives a usable name.
 */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*"?([^'";\s]+)'[^']*'([^";\s]*)"?/i.exec(disposition);
  if (extended) {
    const decoded = decodeExtValue(extended[1]!.toLowerCase(), extended[2]!);
    const name = decoded === null ? null : safeName(decoded);
    if (name) return name;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(disposition);
  if (!plain) return null;
  return safeName(plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]!);
}

/** Hands a blob to the browser as a download: the one place a file is saved. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after the click returns; release it once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface DownloadOptions {
  /** Media types the file may have; anything else is not saved. */
  accept: readonly string[];
  /** Name to save under when the server gives none. */
  fallbackName: string;
  /** Bytes received so far, and the whole size when the server tells it. */
  onProgress?(received: number, total: number | null): void;
  signal?: AbortSignal;
}

export interface SavedFile {
  fileName: string;
  size: number;
}

const timeoutReason = () => new DOMException('timeout', 'TimeoutError');

/** Reads the body chunk by chunk; the export timeout counts from the last chunk, so a long export that keeps streaming is not cut. */
async function readAll(
  res: Response,
  controller: AbortController,
  onProgress: DownloadOptions['onProgress'],
): Promise<Uint8Array<ArrayBuffer>[]> {
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  if (!res.body) return chunks;
  const reader = res.body.getReader();
  let received = 0;
  let idle = setTimeout(() => controller.abort(timeoutReason()), Timeouts.exportMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return chunks;
      clearTimeout(idle);
      idle = setTimeout(() => controller.abort(timeoutReason()), Timeouts.exportMs);
      chunks.push(value);
      received += value.byteLength;
      onProgress?.(received, total);
    }
  } catch (err) {
    if (controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError')
      throw new ApiFailure(0, 'timeout', errorTexts.timeout);
    if (controller.signal.aborted) throw err;
    throw new ApiFailure(0, 'network', errorTexts.system);
  } finally {
    clearTimeout(idle);
  }
}

/** What a refused download said: the envelope when it is JSON, else only the status. */
async function refusal(res: Response): Promise<ApiFailure> {
  const json = /[/+]json$/.test(mediaType(res.headers.get('content-type')));
  const envelope = (json && parseEnvelope(await res.text().catch(() => ''))) || {};
  return refusalOf(res.status, envelope, { code: 'badDownload', text: errorTexts.badDownload });
}

/** A file a call answered, read whole: its bytes and the name to save it under. */
export interface FetchedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Fetches the file a call answers (a body for POST exports, a query for GET files such as attachments and
 * PDFs) without saving it. A refused or unexpected answer shows the warning '调用接口异常' (spec section 8),
 * except that a sign-out message signs the user out; timeouts and network failures toast as every call
 * does. Failures throw ApiFailure after that reaction.
 */
export async function fetchFile<C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>>(
  def: C,
  input: { body?: CallBody<C>; query?: CallQuery<C> },
  options: DownloadOptions,
): Promise<FetchedFile> {
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  let refused = false;
  const session = currentSession();
  try {
    const res = await send(def.method, def.path, {
      area: def.area,
      query: input.query,
      body: input.body,
      timeoutMs: Timeouts.exportMs,
      signal: controller.signal,
    });
    if (!res.ok || !isExpectedType(res.headers.get('content-type'), options.accept)) {
      const failure = await refusal(res);
      refused = true;
      void res.body?.cancel().catch(() => undefined);
      if (endsSession(failure)) reactToFailure(failure, {}, session);
      else {
        console.warn('download refused', res.status, res.headers.get('content-type'), failure.message);
        void message.warning(errorTexts.badDownload);
      }
      throw failure;
    }
    const chunks = await readAll(res, controller, options.onProgress);
    const fileName = fileNameFrom(res.headers.get('content-disposition')) ?? options.fallbackName;
    return { blob: new Blob(chunks, { type: mediaType(res.headers.get('content-type')) }), fileName };
  } catch (err) {
    if (err instanceof ApiFailure && !refused) reactToFailure(err, {}, session);
    throw err;
  }
}

/** Downloads the file a call answers (a body for POST exports, a query for GET files) and saves it. */
export async function download<C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>>(
  def: C,
  input: { body?: CallBody<C>; query?: CallQuery<C> },
  options: DownloadOptions,
): Promise<SavedFile> {
  const { blob, fileName } = await fetchFile(def, input, options);
  saveFile(blob, fileName);
  return { fileName, size: blob.size };
}

/** Fetches a GET file (attachment, PDF) by its query and saves it. */
export const downloadByQuery = <C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>>(
  def: C,
  query: CallQuery<C>,
  options: DownloadOptions,
): Promise<SavedFile> => download(def, { query }, options);
