// The load generator of bench:mixed, in a process of its own so that it never competes with the server's
// event loop: autocannon with each connection cycling through the given requests. Prints one JSON line.
import autocannon from 'autocannon';

interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  requests: { method: 'GET' | 'POST'; path: string; body?: string; headers: Record<string, string> }[];
}

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
const result = await autocannon({ url: spec.url, connections: spec.connections, duration: spec.seconds, requests: spec.requests });
console.log(
  JSON.stringify({
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  }),
);
