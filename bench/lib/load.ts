// The load generator of the benchmarks, run in a process of its own so that it takes no time from the
// server's event loop: reads one job from its argument, runs autocannon, and sends the figures to its parent.
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  connections: number;
  /** Run for this many seconds, or until `amount` requests have been answered. */
  seconds?: number;
  amount?: number;
  headers: Record<string, string>;
  method?: 'GET' | 'POST';
  /** A JSON body (POST). */
  body?: string;
  /** How long a request may take before it counts as an error (60 s). */
  timeoutSeconds?: number;
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  /** The mean latency, ms. */
  mean: number;
  errors: number;
}

const job = JSON.parse(process.argv[2]!) as LoadJob;
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  ...(job.amount ? { amount: job.amount } : { duration: job.seconds ?? 10 }),
  headers: job.body ? { ...job.headers, 'content-type': 'application/json' } : job.headers,
  method: job.method ?? 'GET',
  timeout: job.timeoutSeconds ?? 60,
  ...(job.body ? { body: job.body } : {}),
});
const figures: LoadFigures = {
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  mean: result.latency.average,
  errors: result.errors + result.non2xx,
};
process.send!(figures);
