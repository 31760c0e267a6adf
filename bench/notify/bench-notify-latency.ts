// npm run bench:notify-latency — from a change's commit to the unread count a polling client sees, while 50
// connections of mixed traffic (bench:mixed's requests, from a process of its own) run against the portal started
// as `npm start` would. Each sample: staff raise a charge against 100001 (its event commits with it), and 100001's
// client polls the unread count every 25 ms until it rises. Prints p50/p99 from the change's answer (the commit is
// just before it) and from its request (the change's own time included).
// BENCH_SAMPLES (default 40), BENCH_CONNECTIONS (50), NOTIFY_POLL_MS for the server's dispatcher (its default 200).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer } from '@portal/e2e/support/server';
import { buildServer } from '@portal/server/scripts/build.mjs';
import { loginToken } from '../lib/portal';
import { percentile, round } from '../lib/stats';
import { day, mixedRequests, runLoad } from '../mixed/traffic';

const samples = Number(process.env.BENCH_SAMPLES ?? 40);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function load(url: string, token: string, seconds: number) {
  return runLoad({ url, connections, seconds, requests: mixedRequests(token) });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function unread(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/notification/unreadCount`, { headers: { token } });
  return ((await res.json()) as { data: { unread: number } }).data.unread;
}

async function raiseCharge(url: string, token: string, n: number): Promise<void> {
  const res = await fetch(`${url}/api/samData/saveCharge`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify({
      suppCode: '100001',
      deptCode: 'S0101',
      chargeType: 'DM海报费',
      chargeName: `DM海报费 测速 ${n}`,
      period: day(0).slice(0, 7),
      amount: '10.00',
      clause: '合同第 5 条',
      calculation: '按档期',
      chargeDate: day(0),
    }),
  });
  const body = (await res.json()) as { code: string; message: string };
  if (body.code !== '1') throw new Error(`saveCharge refused: ${body.message}`);
}

await buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-notify-'));
let server: RunningServer | undefined;
try {
  server = await startServer({ dataDir, env: { LOGIN_SLOWDOWN_MS: '0' } });
  const url = server.url;
  const supplier = await loginToken(url, '100001');
  const clerk = await loginToken(url, 'clerk01', true);
  // Let the start's own messages (the demo's events, the notices) settle first.
  await sleep(5000);
  // Each sample takes a change and its wait (well under a second on an idle machine, more on a loaded one).
  const loadSeconds = Math.max(30, Math.ceil(samples * 1.5) + 10);
  const traffic = load(url, supplier, loadSeconds);
  await sleep(3000); // the load ramps up
  const fromAnswer: number[] = [];
  const fromRequest: number[] = [];
  const started = Date.now();
  for (let i = 0; i < samples && Date.now() - started < (loadSeconds - 5) * 1000; i++) {
    const before = await unread(url, supplier);
    const sent = performance.now();
    await raiseCharge(url, clerk, i);
    const answered = performance.now();
    for (;;) {
      if ((await unread(url, supplier)) > before) break;
      if (performance.now() - answered > 15_000) throw new Error('no message within 15 s');
      await sleep(25);
    }
    const seen = performance.now();
    fromAnswer.push(seen - answered);
    fromRequest.push(seen - sent);
    await sleep(100 + Math.random() * 200);
  }
  const mixed = await traffic;
  fromAnswer.sort((a, b) => a - b);
  fromRequest.sort((a, b) => a - b);
  console.log(
    `# notification latency under ${connections} connections of mixed traffic, ${os.cpus().length} cores, ${fromAnswer.length} samples`,
  );
  console.log(
    `notify-latency from-commit p50-ms: ${round(percentile(fromAnswer, 50))} p99-ms: ${round(percentile(fromAnswer, 99))} max-ms: ${round(fromAnswer.at(-1)!)}`,
  );
  console.log(`notify-latency from-request p50-ms: ${round(percentile(fromRequest, 50))} p99-ms: ${round(percentile(fromRequest, 99))}`);
  console.log(`mixed traffic meanwhile req-per-s: ${mixed.rps} p50-ms: ${mixed.p50} p99-ms: ${mixed.p99} errors: ${mixed.errors}`);
} finally {
  if (server) await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
