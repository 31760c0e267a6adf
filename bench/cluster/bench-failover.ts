// Failover of the highly available topology (scripts/cluster/start.sh must be running: docs/operations.md, "Several
// machines"). Clients write through the HAProxy HTTP front (child accounts of 100001 and 100002: one row each, with
// its audit entry) while, in turn:
//   1. the primary's PostgreSQL is killed (kill -9 of its postmaster),
//   2. the primary's Patroni stops cleanly (SIGTERM: it stops PostgreSQL and hands the leader key over),
//   3. a portal node is killed (kill -9) under the same load.
// Prints per phase: seconds from the fault until writes succeed again, answers by status, 5xx other than 503, calls
// that hung (no answer in 30 s); at the end, acknowledged writes missing from the database (aim: 0) and whether the
// sessions of the clients survived the node's death. Patroni and the portal node are started again after their phase.
//
//   bash scripts/cluster/start.sh && npm run bench:failover; bash scripts/cluster/stop.sh
//   FAILOVER_CLIENTS (8), CLUSTER_DIR (/tmp/portal-ha), CLUSTER_PORT_BASE (27000)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loginToken } from '../lib/portal';
import { round } from '../lib/stats';

const dir = process.env.CLUSTER_DIR ?? '/tmp/portal-ha';
const base = Number(process.env.CLUSTER_PORT_BASE ?? 27000);
const front = `http://127.0.0.1:${base + 80}`;
const nodes = [
  { name: 'pg1', rest: base + 8 },
  { name: 'pg2', rest: base + 9 },
];
const writeUrl = `postgres://postgres@127.0.0.1:${base + 500}/portal`;
const clients = Number(process.env.FAILOVER_CLIENTS ?? 8);
const hangMs = 30_000;
const repoRoot = path.resolve(import.meta.dirname, '../..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

interface Attempt {
  start: number;
  end: number;
  /** HTTP status, or 'hang' (no answer in 30 s) or 'network' (no HTTP answer at all). */
  status: number | 'hang' | 'network';
  empCode: string;
}

const run = Date.now().toString(36).slice(-5);
let counter = 0;
const mobileSeed = (Math.floor(Date.now() / 1000) % 10_000) * 10_000;

async function createChild(token: string, parent: string): Promise<Attempt> {
  const n = counter++;
  const empCode = `${parent}-h${run}${n}`;
  const body = { empCode, name: `故障演练${n}`, mobile: `139${String(mobileSeed + n).padStart(8, '0')}` };
  const start = now();
  try {
    const res = await fetch(`${front}/api/user/insertSupChild`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(hangMs),
    });
    await res.arrayBuffer();
    return { start, end: now(), status: res.status, empCode };
  } catch (err) {
    const status = (err as Error).name === 'TimeoutError' ? 'hang' : 'network';
    return { start, end: now(), status, empCode };
  }
}

async function rest(port: number, what: string): Promise<number> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/${what}`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function primary(): Promise<(typeof nodes)[number]> {
  for (let i = 0; i < 120; i++) {
    for (const node of nodes) if ((await rest(node.rest, 'primary')) === 200) return node;
    await sleep(500);
  }
  throw new Error('no primary within 60 s');
}

/** Until the cluster has a primary and a synchronous standby again (after a node came back). */
async function healthy(): Promise<void> {
  for (let i = 0; i < 360; i++) {
    const states = await Promise.all(nodes.map(async (n) => [await rest(n.rest, 'primary'), await rest(n.rest, 'sync')]));
    if (states.some(([p]) => p === 200) && states.some(([, s]) => s === 200)) return;
    await sleep(500);
  }
  throw new Error('the cluster did not get a primary and a synchronous standby back within 3 minutes');
}

/** The pid of the Patroni of `name` (the python process reading its configuration file). */
function patroniPid(name: string): number {
  const config = path.join(dir, name, 'patroni.yml');
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.some((a) => a.endsWith('/patroni')) && args.includes(config) && !args.includes('runuser')) return Number(entry);
    } catch {
      // ended meanwhile
    }
  }
  throw new Error(`no Patroni runs for ${config}`);
}

/** Starts a process detached in a session of its own, as scripts/cluster/start.sh does, its pid in DIR/NAME.pid. */
function startDetached(name: string, command: string): void {
  const log = fs.openSync(path.join(dir, 'log', `${name}.log`), 'a');
  // detached: a session of its own (setsid), whose leader is the command itself (bash execs it).
  const child = spawn('bash', ['-c', command], { detached: true, stdio: ['ignore', log, log], cwd: repoRoot });
  child.unref();
  fs.writeFileSync(path.join(dir, `${name}.pid`), String(child.pid));
}

const asPostgres = process.getuid?.() === 0 ? 'exec runuser -u postgres -- ' : 'exec ';

interface PhaseFigures {
  name: string;
  recoverySeconds: number | null;
  lastFailureSeconds: number | null;
  byStatus: Record<string, number>;
  other5xx: number;
  hangs: number;
}

const acknowledged: string[] = [];
const unacknowledged: string[] = [];

/** Writes from `clients` loops for 3 s, then `fault`, then until writes have succeeded for 5 s in a row (at most 120 s). */
async function phase(name: string, tokens: { token: string; parent: string }[], fault: () => Promise<void>): Promise<PhaseFigures> {
  const attempts: Attempt[] = [];
  let stop = false;
  const loops = Array.from({ length: clients }, async (_, i) => {
    const who = tokens[i % tokens.length]!;
    while (!stop) {
      const attempt = await createChild(who.token, who.parent);
      attempts.push(attempt);
      (attempt.status === 200 ? acknowledged : unacknowledged).push(attempt.empCode);
      if (attempt.status !== 200)
        await sleep(100); // a client waits a little after a failure
      else await sleep(20);
    }
  });
  await sleep(3000);
  const faultAt = now();
  await fault();
  const deadline = faultAt + 120_000;
  for (;;) {
    await sleep(250);
    const failures = attempts.filter((a) => a.status !== 200 && a.end >= faultAt);
    const lastFailure = failures.length ? Math.max(...failures.map((a) => a.end)) : faultAt;
    const okSince = attempts.some((a) => a.status === 200 && a.start >= lastFailure);
    if ((okSince && now() - lastFailure > 5000) || now() > deadline) break;
  }
  stop = true;
  await Promise.all(loops);
  const after = attempts.filter((a) => a.end >= faultAt);
  const failures = after.filter((a) => a.status !== 200);
  const lastFailureEnd = failures.length ? Math.max(...failures.map((a) => a.end)) : undefined;
  const firstOk = after
    .filter((a) => a.status === 200 && (lastFailureEnd === undefined || a.start >= lastFailureEnd))
    .reduce<number | undefined>((m, a) => (m === undefined || a.end < m ? a.end : m), undefined);
  const byStatus: Record<string, number> = {};
  for (const a of after) byStatus[String(a.status)] = (byStatus[String(a.status)] ?? 0) + 1;
  return {
    name,
    recoverySeconds: failures.length === 0 ? 0 : firstOk === undefined ? null : round((firstOk - faultAt) / 1000, 2),
    lastFailureSeconds: lastFailureEnd === undefined ? null : round((lastFailureEnd - faultAt) / 1000, 2),
    byStatus,
    other5xx: after.filter((a) => typeof a.status === 'number' && a.status >= 500 && a.status !== 503).length,
    hangs: after.filter((a) => a.status === 'hang').length,
  };
}

function print(f: PhaseFigures): void {
  const statuses = Object.entries(f.byStatus)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  console.log(
    `${f.name.padEnd(34)} writes again after ${f.recoverySeconds === null ? 'NOT within 120 s' : `${f.recoverySeconds} s`}` +
      ` (last failure at ${f.lastFailureSeconds ?? '-'} s); answers ${statuses}; 5xx other than 503: ${f.other5xx}; hung: ${f.hangs}`,
  );
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(dir, 'running')))
    throw new Error(`no cluster at ${dir}: start it with bash scripts/cluster/start.sh (docs/operations.md)`);
  await healthy();
  const tokens = await Promise.all(['100001', '100002'].map(async (parent) => ({ parent, token: await loginToken(front, parent) })));
  console.log(`failover: ${clients} clients writing child accounts through ${front}; machine shared with other work (figures under load)`);
  const figures: PhaseFigures[] = [];

  const killed = await primary();
  figures.push(
    await phase(`kill -9 postmaster of ${killed.name}`, tokens, async () => {
      const pid = Number(fs.readFileSync(path.join(dir, killed.name, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
    }),
  );
  print(figures.at(-1)!);
  await healthy();

  const stopped = await primary();
  figures.push(
    await phase(`clean stop of Patroni on ${stopped.name}`, tokens, async () => {
      process.kill(patroniPid(stopped.name), 'SIGTERM');
    }),
  );
  print(figures.at(-1)!);
  // Patroni back on that node: it rejoins as the standby (pg_rewind when needed).
  startDetached(`patroni-${stopped.name}`, `${asPostgres}/usr/bin/patroni ${path.join(dir, stopped.name, 'patroni.yml')}`);
  await healthy();

  const nodePid = Number(fs.readFileSync(path.join(dir, 'portal1.pid'), 'utf8'));
  // The pid file must name the node's own process (a shell in front of it would die alone and leave the node serving).
  const nodeArgs = fs.readFileSync(`/proc/${nodePid}/cmdline`, 'utf8').split('\0');
  if (!nodeArgs.some((a) => a.endsWith('main.ts') || a.endsWith('main.js')))
    throw new Error(`${path.join(dir, 'portal1.pid')} names ${nodeArgs.join(' ')}, not the portal node`);
  figures.push(
    await phase('kill -9 of portal node 1', tokens, async () => {
      process.kill(nodePid, 'SIGKILL');
    }),
  );
  print(figures.at(-1)!);
  // The sessions live in the database: the clients' tokens still work through the other node.
  const kept = await Promise.all(
    tokens.map(async ({ token }) => (await fetch(`${front}/api/user/getInfo`, { headers: { token } })).status === 200),
  );
  console.log(`sessions after the node's death: ${kept.filter(Boolean).length} of ${kept.length} still signed in`);
  startDetached('portal1', `set -a; . ${path.join(dir, 'portal1.env')}; cd apps/server; exec node --import tsx src/main.ts`);

  // Every acknowledged write is in the database (read on the primary, through HAProxy's write port).
  const client = new pg.Client({ connectionString: writeUrl });
  await client.connect();
  const { rows } = await client.query<{ code: string }>(
    "SELECT employee_code AS code FROM account WHERE tenant_id = 'demo' AND employee_code = ANY($1::text[])",
    [[...acknowledged, ...unacknowledged]],
  );
  await client.end();
  const present = new Set(rows.map((r) => r.code));
  const lost = acknowledged.filter((code) => !present.has(code));
  const appliedUnacknowledged = unacknowledged.filter((code) => present.has(code));
  console.log(
    `acknowledged writes: ${acknowledged.length}, lost: ${lost.length}${lost.length ? ` (${lost.slice(0, 5).join(', ')})` : ''}; ` +
      `failed answers whose write was applied nevertheless: ${appliedUnacknowledged.length} of ${unacknowledged.length}`,
  );
  console.log(
    `5xx other than 503 over all phases: ${figures.reduce((n, f) => n + f.other5xx, 0)}; hung calls: ${figures.reduce((n, f) => n + f.hangs, 0)}`,
  );
}

await main();
