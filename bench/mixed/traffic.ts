// bench:mixed's traffic, shared by the benches that run it beside their own measure (bench:notify-latency) or
// through another front (bench:scale, bench:scale-data): getInfo, the menu, an order page, 90 days of receiving
// lines, the dashboard; and the load process (load.ts) that sends it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/** A run of the load process: each connection cycles through `requests`. */
export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  requests: { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> }[];
  /** Each connection signed in as another user: its first request takes the next token, and it keeps it. */
  tokens?: string[];
  /** How long a request may take before it counts as an error (autocannon's default: 10 s). */
  timeoutSeconds?: number;
}

/** What the load process (load.ts) prints of a run. */
export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Answers by HTTP status code. */
  byStatus: Record<string, number>;
}

/** Runs `spec` from load.ts in a process of its own (none of the load's work on the caller's event loop). */
export async function runLoad(spec: LoadSpec): Promise<Figures> {
  const loader = path.join(import.meta.dirname, 'load.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', loader, JSON.stringify(spec)], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Figures;
}

/** A day `daysAgo` days back, YYYY-MM-DD. */
export const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** The requests each connection cycles through, signed in with `token`. */
export function mixedRequests(token: string) {
  const json = { token, 'content-type': 'application/json' };
  return [
    { method: 'GET' as const, path: '/api/user/getInfo', headers: { token } },
    { method: 'GET' as const, path: '/api/user/queryMerchantsModuleList', headers: { token } },
    { method: 'POST' as const, path: '/api/purOrderBill/getPurOrderPage', headers: json, body: JSON.stringify({ page: 1, limit: 20 }) },
    {
      method: 'POST' as const,
      path: '/api/acceptance/getAccDetailInfo',
      headers: json,
      body: JSON.stringify({ startDate: day(90), endDate: day(0), page: 1, limit: 50 }),
    },
    { method: 'GET' as const, path: '/api/dashboard/overview', headers: { token } },
  ];
}
