// One outbound POST of a robot message or webhook: through the address guard, within a time limit, on kept-alive
// connections; the answer's status and the start of its body (capped) come back for the delivery log.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { type UrlPolicy, UrlRefused, guardedLookup, parseTarget, resolveChecked } from './url-guard';

/** The most of an answer's body read (robots answer a few bytes of JSON); the log keeps `excerptChars` of it. */
const maxAnswerBytes = 64 * 1024;
export const excerptChars = 500;

export interface HttpAnswer {
  /** The HTTP status, null when no answer came (refused address, connection error, timeout). */
  status: number | null;
  /** The body as text (up to 64 KB). */
  body: string;
  durationMs: number;
  /** Why no answer came, '' when one did. */
  error: string;
  /** The address guard refused the target: retrying will not help. */
  refused: boolean;
}

export interface PostOptions {
  policy: UrlPolicy;
  timeoutMs: number;
  /** Kept-alive connections, shared by a worker's sends. */
  agents?: { http: http.Agent; https: https.Agent };
}

export function keepAliveAgents(maxSockets: number): { http: http.Agent; https: https.Agent; destroy(): void } {
  const options = { keepAlive: true, maxSockets, maxFreeSockets: maxSockets, timeout: 30_000 };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return { ...agents, destroy: () => (agents.http.destroy(), agents.https.destroy()) };
}

/** The answer's text cut to the log's excerpt. */
export const excerptOf = (text: string) => (text.length > excerptChars ? `${text.slice(0, excerptChars)}…` : text);

/** POSTs `body` to `target` with `headers`; never throws (a failure is in the answer). */
export async function post(target: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<HttpAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = parseTarget(target);
    // An address literal never reaches the lookup below: check it here.
    if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) await resolveChecked(url.hostname, options.policy);
  } catch (err) {
    return { status: null, body: '', durationMs: elapsed(), error: (err as Error).message, refused: err instanceof UrlRefused };
  }
  const secure = url.protocol === 'https:';
  return new Promise<HttpAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: Omit<HttpAnswer, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, durationMs: elapsed() });
    };
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(options.policy),
        ...(options.agents ? { agent: secure ? options.agents.https : options.agents.http } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < maxAnswerBytes) chunks.push(chunk.subarray(0, maxAnswerBytes - size));
          size += chunk.length;
        });
        response.on('end', () =>
          finish({ status: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: '', refused: false }),
        );
        response.on('error', (err) => finish({ status: response.statusCode ?? null, body: '', error: err.message, refused: false }));
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    request.on('error', (err) => finish({ status: null, body: '', error: err.message, refused: err instanceof UrlRefused }));
    request.end(body);
  });
}
