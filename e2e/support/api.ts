// Contract calls from the tests, as a demo user who signed in through the API (token header), typed by the
// contract: what a page shows is checked against what the server answers to the same user.
import { constants, publicEncrypt } from 'node:crypto';
import type { CallData, CallDef, CallSend } from '@portal/contract';
import type { z } from 'zod';
import { demoPassword } from './browser';
import { sharedServer } from './shared-server';

type AnyCall = CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>;

/** Staff accounts of the demo tenant: they sign in at the staff login. */
const staffUsers = new Set(['admin', 'buyer01', 'qc01', 'clerk01', 'invoice01', 'finance01', 'cashier01', 'recv01']);

interface WireEnvelope {
  code?: string;
  data?: unknown;
  message?: string;
  success?: boolean;
  content?: { result?: unknown };
  msg?: string;
}

export interface ApiAnswer {
  status: number;
  envelope: WireEnvelope;
}

export interface Api {
  /** The call's data; throws with the server's message when the call fails. */
  call<C extends AnyCall>(def: C, input?: CallSend<C>): Promise<CallData<C>>;
  /** The HTTP status and envelope as they came, for tests of refusals. */
  send<C extends AnyCall>(def: C, input?: CallSend<C>): Promise<ApiAnswer>;
}

function url(baseUrl: string, path: string, query: object | undefined): string {
  const target = new URL(`${baseUrl}/api${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined && item !== null) target.searchParams.append(key, String(item));
  }
  return target.toString();
}

/** Signs `user` in through the API and answers the token. */
export async function signIn(baseUrl: string, user: string): Promise<string> {
  const key = ((await (await fetch(`${baseUrl}/api/user/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const password = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(demoPassword),
  ).toString('base64');
  const path = staffUsers.has(user) ? '/user/merchantsLogin' : '/user/login';
  const res = await fetch(`${baseUrl}/api${path}?tenantid=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password }),
  });
  const envelope = (await res.json()) as { code: string; data: { token?: string }; message: string };
  if (envelope.code !== '1' || !envelope.data.token) throw new Error(`API sign-in of ${user} failed: ${envelope.message}`);
  return envelope.data.token;
}

/** A client of the shared test server signed in as `user` (null: no token), signing in on its first call. */
export function apiAs(user: string | null, baseUrl: string = sharedServer().baseUrl): Api {
  let token: Promise<string> | undefined;
  const send = async <C extends AnyCall>(def: C, input?: CallSend<C>): Promise<ApiAnswer> => {
    const sent = (input ?? {}) as { query?: object; body?: object };
    const headers: Record<string, string> = {};
    if (user !== null) headers.token = await (token ??= signIn(baseUrl, user));
    if (sent.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url(baseUrl, def.path, sent.query), {
      method: def.method,
      headers,
      ...(sent.body === undefined ? {} : { body: JSON.stringify(sent.body) }),
    });
    return { status: res.status, envelope: (await res.json()) as WireEnvelope };
  };
  return {
    send,
    async call(def, input) {
      const { envelope } = await send(def, input);
      if (def.envelope === 'legacy' && envelope.success) return envelope.content?.result as CallData<typeof def>;
      if (envelope.code === '1') return envelope.data as CallData<typeof def>;
      throw new Error(`${def.path}: ${envelope.message ?? envelope.msg ?? 'failed'}`);
    },
  };
}
