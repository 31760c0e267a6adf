// A closed-loop load generator with microsecond timing, run in a process of its own (fork-closed-loop.ts):
// `connections` keep-alive connections, each sending its next request when the last one's answer has been
// read, as the raw side of a benchmark runs its calls (timeConcurrent). It stays up between jobs, so that
// its start, its JIT warm-up and the connections' set-up are not in any round's figures.
import http from 'node:http';
import { percentile } from './stats';

export interface ClosedLoopJob {
  url: string;
  connections: number;
  requests: number;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** A JSON body (POST). */
  body?: string;
}

export interface ClosedLoopFigures {
  /** Milliseconds, with microseconds. */
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** This process's CPU time per request, microseconds (the load generator's own cost). */
  cpuPerRequestUs: number;
}

async function run(job: ClosedLoopJob): Promise<ClosedLoopFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const headers = job.body
    ? { ...job.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(job.body)) }
    : job.headers;
  const times: number[] = [];
  let errors = 0;
  let started = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const request = http.request(job.url, { method: job.method, headers, agent }, (response) => {
        if (response.statusCode !== 200) errors++;
        response.resume();
        response.on('end', resolve);
        response.on('error', () => (errors++, resolve()));
      });
      request.on('error', () => (errors++, resolve()));
      request.end(job.body);
    });
  const worker = async () => {
    while (started < job.requests) {
      started++;
      const t0 = performance.now();
      await one();
      times.push(performance.now() - t0);
    }
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: job.connections }, worker));
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: Math.round((job.requests / wall) * 1000),
    errors,
    cpuPerRequestUs: Math.round((cpu.user + cpu.system) / job.requests),
  };
}

process.on('message', (message: { id: number; job: ClosedLoopJob }) => {
  void run(message.job).then((figures) => process.send!({ id: message.id, figures }));
});
process.send!({ ready: true });
