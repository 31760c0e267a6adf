// The load generator of bench:mixed and the benches that send its traffic (traffic.ts, runLoad), in a process of its
// own so that it never competes with the server's event loop: autocannon with each connection cycling through the
// given requests, signed in by their own headers or (tokens) each connection as another user. Prints one JSON line.
import autocannon from 'autocannon';
import type { Figures, LoadSpec } from './traffic';

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
const tokens = spec.tokens;
let next = 0;
/** A request signed in as its connection's user: the connection's first request takes the next token. */
const withToken = (r: LoadSpec['requests'][number]) => ({
  ...r,
  setupRequest: (request: { headers?: Record<string, string> }, context: { token?: string }) => {
    context.token ??= tokens![next++ % tokens!.length]!;
    request.headers = { ...request.headers, token: context.token, ...(r.body ? { 'content-type': 'application/json' } : {}) };
    return request;
  },
});
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  ...(spec.timeoutSeconds ? { timeout: spec.timeoutSeconds } : {}),
  requests: (tokens?.length ? spec.requests.map(withToken) : spec.requests) as autocannon.Request[],
});
// Answers by status code (autocannon's statusCodeStats; not in its type declarations).
const byStatus: Record<string, number> = {};
const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
for (const [code, { count }] of Object.entries(stats)) byStatus[code] = count;
const figures: Figures = {
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts + result.non2xx,
  requests: result.requests.total,
  byStatus,
};
console.log(JSON.stringify(figures));
