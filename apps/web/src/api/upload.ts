// Uploads files to an upload call of the contract: the platform client's headers, the call's rule checked
// before sending (kinds by extension, size, count), progress from XMLHttpRequest, the envelope as `call` reads it.
import { type CallData, type CallDef, type CallQuery, Timeouts, fileKinds, sizeText } from '@portal/contract';
import type { z } from 'zod';
import i18n from '../i18n';
import {
  ApiFailure,
  apiBase,
  currentSession,
  errorTexts,
  headers,
  languageHeader,
  queryString,
  reactToFailure,
  readEnvelope,
} from './client';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions<C> {
  query?: CallQuery<C>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Do not toast failures: the caller shows them. */
  silent?: boolean;
  /** The call's form, sent as JSON in the multipart field `form` beside the files (calls with a body). */
  form?: unknown;
}

/** What the server would refuse anyway, said before any byte is sent; null when the files fit the rule. */
export function ruleBreach(def: CallDef, files: readonly File[]): ApiFailure | null {
  const rule = def.upload;
  if (!rule) return new ApiFailure(0, 'upload', `${def.path} 不是上传接口`);
  const t = i18n.t.bind(i18n);
  if (files.length > rule.maxFiles) return new ApiFailure(413, '413', t('files.tooManyAtOnce', { count: rule.maxFiles }));
  for (const file of files) {
    if (file.size > rule.maxBytes)
      return new ApiFailure(413, '413', t('files.tooLarge', { name: file.name, size: sizeText(rule.maxBytes) }));
    const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
    if (!rule.kinds.some((k) => (fileKinds[k].extensions as readonly string[]).includes(extension))) {
      const kinds = rule.kinds.map((k) => t(`files.kinds.${k}`)).join(t('files.kindSeparator'));
      return new ApiFailure(415, '415', t('files.wrongKind', { name: file.name, kinds }));
    }
  }
  return null;
}

function send<C extends CallDef>(def: C, files: readonly File[], options: UploadOptions<C>): Promise<CallData<C>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(def.method, `${apiBase}${def.path}${queryString(options.query)}`);
    xhr.withCredentials = true;
    xhr.timeout = Timeouts.longMs;
    for (const [name, value] of Object.entries({ ...headers(def.area), ...languageHeader() })) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) =>
      options.onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : files.reduce((n, f) => n + f.size, 0) });
    xhr.onload = () => {
      try {
        resolve(readEnvelope<CallData<C>>(xhr.status, xhr.responseText));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiFailure(0, 'network', errorTexts.system));
    xhr.ontimeout = () => reject(new ApiFailure(0, 'timeout', errorTexts.timeout));
    xhr.onabort = () => reject(options.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    if (options.form !== undefined) form.append('form', JSON.stringify(options.form));
    for (const file of files) form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Uploads files to an upload call and answers its data; failures throw ApiFailure after the catalogue's reaction. */
export async function upload<C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>>(
  def: C,
  files: readonly File[],
  options: UploadOptions<C> = {},
): Promise<CallData<C>> {
  const session = currentSession();
  try {
    const breach = ruleBreach(def, files);
    if (breach) throw breach;
    return await send(def, files, options);
  } catch (err) {
    if (err instanceof ApiFailure) reactToFailure(err, options, session);
    throw err;
  }
}
