// The load generator of bench:scale-data, in a process of its own: autocannon with each connection signed in as
// another user (connection i takes tokens[i % n]) and cycling through the given requests. Prints one JSON line.
import autocannon from 'autocannon';

export interface ScaleLoadSpec {
  url: string;
  connections: number;
  seconds: number;
  tokens: string[];
  requests: { method: 'GET' | 'POST'; path: string; body?: string }[];
}

const spec = JSON.parse(process.argv[2] ?? '{}') as ScaleLoadSpec;
let next = 0;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  timeout: 60,
  requests: spec.requests.map((r) => ({
    method: r.method,
    path: r.path,
    ...(r.body ? { body: r.body } : {}),
    // A connection's user: the first request it makes picks the next token, and keeps it.
    setupRequest: (request: { headers?: Record<string, string> }, context: { token?: string }) => {
      context.token ??= spec.tokens[next++ % spec.tokens.length]!;
      request.headers = { ...request.headers, token: context.token, ...(r.body ? { 'content-type': 'application/json' } : {}) };
      return request;
    },
  })) as autocannon.Request[],
});
// Answers by status code (autocannon's statusCodeStats; not in its type declarations).
const byStatus: Record<string, number> = {};
const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
for (const [code, { count }] of Object.entries(stats)) byStatus[code] = count;
console.log(
  JSON.stringify({
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    byStatus,
  }),
);
