// Credentials never reach the log: the token query parameter in urls, and the headers that carry tokens.
import type { FastifyRequest } from 'fastify';
import { ClientKeys } from '@portal/contract';

const hidden = '[redacted]';

/** pino `redact` paths: credential headers of a logged request or answer. */
export const redactPaths = [
  ...[ClientKeys.tokenHeader, 'authorization', 'cookie', ClientKeys.csrfHeader].map((h) => `req.headers["${h}"]`),
  'res.headers["set-cookie"]',
];

/** The url with the value of every credential query parameter (`token`, and an integration client's secret sent astray) replaced. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|client_secret|access_token)=)[^&#]*/gi, `$1${hidden}`);
}

/** What a log line tells of a request (Fastify's default, with the url redacted). */
export function requestForLog(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
}
