// The second portal node's gain (scripts/cluster/start.sh must be running): BENCH_CONNECTIONS (200) connections of
// bench:mixed's traffic (getInfo, the menu, a purchase-order page, a receiving detail page, the dashboard) through
// the HAProxy HTTP front with both portal nodes, then with node 2 taken out of HAProxy (its admin socket), then both
// again: req/s, p50, p99, errors. The load comes from a process of its own. On one machine the nodes, PostgreSQL and
// the load share the same cores, so this shows the front's overhead and the share of the cores, not a second machine.
//
//   bash scripts/cluster/start.sh && npm run bench:scale; bash scripts/cluster/stop.sh
import { loginToken } from '../lib/portal';
import { type Figures, mixedRequests, runLoad } from '../mixed/traffic';
import { haproxy } from './haproxy';

const base = Number(process.env.CLUSTER_PORT_BASE ?? 27000);
const front = `http://127.0.0.1:${base + 80}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);

function load(token: string): Promise<Figures> {
  return runLoad({ url: front, connections, seconds, requests: mixedRequests(token) });
}

const token = await loginToken(front, '100001');
console.log(
  `scale: ${connections} connections of mixed traffic for ${seconds} s through ${front}; machine shared with other work (figures under load)`,
);
const runs: [string, Figures][] = [];
for (const [label, nodes] of [
  ['two nodes', 2],
  ['one node', 1],
  ['two nodes', 2],
] as const) {
  await haproxy(`${nodes === 2 ? 'enable' : 'disable'} server portal_nodes/node2`);
  await new Promise((r) => setTimeout(r, 2000));
  const f = await load(token);
  runs.push([label, f]);
  console.log(`${label.padEnd(10)} req/s: ${f.rps} p50-ms: ${f.p50} p99-ms: ${f.p99} errors: ${f.errors} requests: ${f.requests}`);
}
await haproxy('enable server portal_nodes/node2');
