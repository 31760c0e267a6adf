// The HTTP clients of spec section 7 on one core: contract-typed calls, the envelope, headers, timeouts,
// and the error catalogue of section 8.
import { type CallBody, type CallData, type CallDef, type CallQuery, ClientKeys, Messages, Timeouts, languageOf } from '@portal/contract';
import { message } from 'antd';
import i18next from 'i18next';
import type { z } from 'zod';
import { isUnloading } from '../lib/page-lifecycle';
import { csrfToken, useUserStore } from '../stores/user';
import { askStepUp, stepUpKindOf } from './step-up';

export const apiBase = ((import.meta.env.VITE_API_BASE as string | undefined) ?? '/api').replace(/\/$/, '');

/** A failed call: HTTP status, envelope code and the server's message. */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const errorTexts = { timeout: '请求超时', system: '系统异常', relogin: '请重新登录', badDownload: '调用接口异常' } as const;

/** Messages after which the user is signed out (first client, spec section 8), in either language. */
const logoutMessages = new Set<string>(
  [Messages.tokenInvalid, Messages.otherUserLoggedIn, Messages.supplierDisabled].flatMap((texts) => Object.values(texts)),
);

export interface CallOptions {
  /** Do not toast failures: the caller shows them (forms, login). */
  silent?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The request outlives the page (a stay record sent as the page goes). */
  keepalive?: boolean;
  /** A step-up refusal is answered, not asked about again (the call's one retry after the dialog). */
  steppedUp?: boolean;
}

type Input<C> = (CallQuery<C> extends undefined ? { query?: undefined } : { query: CallQuery<C> }) &
  (CallBody<C> extends undefined ? { body?: undefined } : { body: CallBody<C> });

/**
 * The spec's two clients differ in timeout and headers: the user client (auth, user, menu, usage logs;
 * 600 s) sends userCode, username and suppliercode; the platform client (every business area; 60 s)
 * sends the platform number, which must exist. In place of the spec's token header both send the
 * double-submit value: the token travels only in the HttpOnly session cookie (docs/security.md).
 */
const userClientAreas = new Set(['auth', 'user', 'menu', 'usage-log']);

export function headers(area: string): Record<string, string> {
  const user = useUserStore.getState();
  if (!user.signedIn) return {};
  const csrf = { [ClientKeys.csrfHeader]: csrfToken() };
  if (userClientAreas.has(area)) {
    return { ...csrf, userCode: user.employeeCode, username: encodeURIComponent(user.employeeName), suppliercode: user.supplierCode };
  }
  if (!user.tenantid) throw new ApiFailure(0, 'platform', errorTexts.relogin);
  return { ...csrf, platform: user.tenantid };
}

/** The user's language, not the browser's: the server writes exports, imports' reports and their messages in it. */
export const languageHeader = (): Record<string, string> => ({ 'accept-language': languageOf(i18next.language) });

/**
 * The sign-in a request or a timer belongs to: its double-submit value. A call under way when a password
 * change ended the session, or the change's own sign-out timer, may answer after the user signed in again:
 * it ends its own session, never the one that followed.
 */
export const currentSession = (): string => csrfToken();

/**
 * Signs the user out of `session` (the current one unless told) and shows why; the route guard then sends
 * them to the matching login page with the current path as redirect. No page reload, so the message stays
 * on screen. A later sign-in stays.
 */
export function signOutTo(text?: string, session = currentSession()) {
  if (session !== currentSession()) return;
  useUserStore.getState().signOut();
  if (text) void message.error({ content: text, duration: 5, key: 'signed-out' });
}

export function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Sends a request and answers the Response, with the timeout and network failures mapped to ApiFailure. */
export async function send(
  method: string,
  path: string,
  init: { area: string; query?: unknown; body?: unknown; timeoutMs?: number; signal?: AbortSignal; keepalive?: boolean },
): Promise<Response> {
  const controller = new AbortController();
  const timeoutMs = init.timeoutMs ?? (userClientAreas.has(init.area) ? Timeouts.longMs : Timeouts.defaultMs);
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
  init.signal?.addEventListener('abort', () => controller.abort(init.signal?.reason));
  try {
    return await fetch(`${apiBase}${path}${queryString(init.query)}`, {
      method,
      credentials: 'include',
      headers: {
        ...headers(init.area),
        ...languageHeader(),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : null,
      signal: controller.signal,
      keepalive: init.keepalive ?? false,
    });
  } catch (err) {
    // No platform number: headers() refused before anything was sent.
    if (err instanceof ApiFailure) throw err;
    // Cut off because the page is going away: not a failure to act on.
    if (isUnloading()) return new Promise<never>(() => undefined);
    if (controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError')
      throw new ApiFailure(0, 'timeout', errorTexts.timeout);
    if (init.signal?.aborted) throw err;
    throw new ApiFailure(0, 'network', errorTexts.system);
  } finally {
    clearTimeout(timer);
  }
}

export interface WireEnvelope {
  code?: string;
  success?: boolean;
  data?: unknown;
  message?: string;
  msg?: string;
  content?: { result?: unknown };
}

/** The failure an envelope stands for; `fallback` gives the code and text when it names neither. */
export function refusalOf(
  status: number,
  envelope: WireEnvelope,
  fallback: { code: string; text: string } = { code: String(status), text: errorTexts.system },
): ApiFailure {
  const text = envelope.message ?? envelope.msg ?? '';
  return new ApiFailure(status, envelope.code ?? fallback.code, text || fallback.text, envelope.data ?? null);
}

/** An answer's body as the envelope; null when it is not JSON. */
export function parseEnvelope(body: string): WireEnvelope | null {
  try {
    return JSON.parse(body) as WireEnvelope;
  } catch {
    return null;
  }
}

/** Reads an answer's body as the envelope, the one way every client does: its data, or the ApiFailure it stands for. */
export function readEnvelope<T>(status: number, body: string, legacy = false): T {
  const envelope = parseEnvelope(body);
  if (!envelope) throw new ApiFailure(status, String(status), errorTexts.system);
  if (legacy && envelope.success) return envelope.content?.result as T;
  if (envelope.code === '1') return envelope.data as T;
  throw refusalOf(status, envelope);
}

/** Calls a contract call and answers its data; failures throw ApiFailure after the catalogue's reaction. */
export async function call<C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>>(
  def: C,
  input: Input<C> = {} as Input<C>,
  options: CallOptions = {},
): Promise<CallData<C>> {
  const session = currentSession();
  try {
    const res = await send(def.method, def.path, {
      area: def.area,
      query: input.query,
      body: input.body,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      keepalive: options.keepalive,
    });
    return readEnvelope<CallData<C>>(res.status, await res.text().catch(() => ''), def.envelope === 'legacy');
  } catch (err) {
    if (!(err instanceof ApiFailure)) throw err;
    // A sensitive call: the user confirms who they are in the step-up dialog, then it goes again, once.
    const stepUp = options.steppedUp ? null : stepUpKindOf(err.code);
    if (stepUp && (await askStepUp(stepUp))) return call(def, input, { ...options, steppedUp: true });
    reactToFailure(err, options, session);
    throw err;
  }
}

/** Whether a failure ends the session: the server's sign-out messages, or no platform number. */
export const endsSession = (err: ApiFailure) => logoutMessages.has(err.message) || err.code === 'platform';

/**
 * The catalogue's reaction to a failed call: sign out (of the session the call was sent in), only log
 * (15021), or toast unless silent.
 */
export function reactToFailure(err: ApiFailure, options: Pick<CallOptions, 'silent'> = {}, session = currentSession()): void {
  if (endsSession(err)) {
    signOutTo(err.message, session);
  } else if (err.code === '15021') {
    console.warn('15021', err.message);
  } else if (!options.silent) {
    void message.error(err.message, 5);
  }
}
