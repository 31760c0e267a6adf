// Failover of the highly available topology (scripts/cluster/start.sh must be running: docs/operations.md, "Several
// machines"). Clients write through the HAProxy HTTP front while, in turn, the faults below happen. Three kinds of
// write, each client one kind (of 8 clients: 4 account, 2 number and 2 settlement clients):
//   - child accounts of 100001 and 100002 (one row each, with its audit entry);
//   - bill numbers (GET /baseInfo/getBillNumber: the tenant's daily sequence, one row updated);
//   - settlement saves (samBillModify: the remark of 100001's and of 100002's draft bill, with its version, the
//     optimistic lock; after an answer that failed the client reads the bill's version again).
// The faults:
//   1. the primary's PostgreSQL is killed (kill -9 of its postmaster),
//   2. the primary's Patroni stops cleanly (SIGTERM: it stops PostgreSQL and hands the leader key over),
//   3. a portal node is killed (kill -9) under the same load.
// Prints per phase: seconds from the fault until writes succeed again, answers by status, 5xx other than 503, calls
// that hung (no answer in 30 s); at the end, acknowledged writes missing from the database (aim: 0: an account not
// there, a number handed out twice or above the stored sequence, a draft whose stored version or remark is older than
// its last acknowledged save) and whether the sessions of the clients survived the node's death. Patroni and the
// portal node are started again after their phase.
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
  /** The account's code, the number handed out, or the remark saved. */
  key: string;
}

type WriteKind = 'account' | 'number' | 'settlement';

const run = Date.now().toString(36).slice(-5);
/** The bill number code of this run's number clients: a sequence of its own each day. */
const numberCode = 'HAFO';
let counter = 0;
const mobileSeed = (Math.floor(Date.now() / 1000) % 10_000) * 10_000;

/** A POST or GET through the front, timed; never throws (a failure is in the status). */
async function call(key: string, token: string, path: string, body?: unknown): Promise<Attempt & { data?: unknown }> {
  const start = now();
  try {
    const res = await fetch(`${front}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', token },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(hangMs),
    });
    const text = await res.text();
    const data = res.status === 200 ? (JSON.parse(text) as { data?: unknown }).data : undefined;
    return { start, end: now(), status: res.status, key, data };
  } catch (err) {
    const status = (err as Error).name === 'TimeoutError' ? 'hang' : 'network';
    return { start, end: now(), status, key };
  }
}

function createChild(token: string, parent: string): Promise<Attempt> {
  const n = counter++;
  const empCode = `${parent}-h${run}${n}`;
  const body = { empCode, name: `故障演练${n}`, mobile: `139${String(mobileSeed + n).padStart(8, '0')}` };
  return call(empCode, token, '/user/insertSupChild', body);
}

async function billNumber(token: string): Promise<Attempt> {
  const attempt = await call('', token, `/baseInfo/getBillNumber?code=${numberCode}&digits=8`);
  return { ...attempt, key: typeof attempt.data === 'string' ? attempt.data : '' };
}

/** A client's draft bill: its number, its documents (sent again unchanged) and the version it last read. */
interface Draft {
  samBillNum: string;
  sources: { sourceType: string; sourceId: string }[];
  version: number;
  /** The last save answered 200: its version and remark. */
  acknowledged?: { version: number; remark: string };
}

async function saveDraft(token: string, draft: Draft): Promise<Attempt> {
  const remark = `故障演练 ${run} ${counter++}`;
  const attempt = await call(remark, token, '/samData/samBillModify', {
    samBillNum: draft.samBillNum,
    version: draft.version,
    sources: draft.sources,
    remark,
  });
  if (attempt.status === 200) {
    draft.version = (attempt.data as { version: number }).version;
    draft.acknowledged = { version: draft.version, remark };
  } else {
    // The save may have been applied all the same (its answer lost): read the version again before the next one.
    const read = await call('', token, '/samData/getSamBillDetail', { samBillNum: draft.samBillNum });
    if (read.status === 200) draft.version = (read.data as { header: { version: number } }).header.version;
  }
  return attempt;
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
/** Bill numbers handed out (answered 200). */
const numbers: string[] = [];

/** Client i's kind of write: of every four clients, two write accounts, one numbers, one settlement saves. */
const kindOf = (i: number): WriteKind => (i % 4 === 1 ? 'number' : i % 4 === 3 ? 'settlement' : 'account');

/** Writes from `clients` loops for 3 s, then `fault`, then until writes have succeeded for 5 s in a row (at most 120 s). */
async function phase(
  name: string,
  tokens: { token: string; parent: string }[],
  drafts: Map<string, Draft>,
  fault: () => Promise<void>,
): Promise<PhaseFigures> {
  const attempts: Attempt[] = [];
  let stop = false;
  const loops = Array.from({ length: clients }, async (_, i) => {
    const kind = kindOf(i);
    // Each settlement client saves a draft of its own (two on one draft would refuse each other's stale versions).
    const who = tokens[(kind === 'settlement' ? Math.floor(i / 4) : i) % tokens.length]!;
    while (!stop) {
      const attempt =
        kind === 'number'
          ? await billNumber(who.token)
          : kind === 'settlement'
            ? await saveDraft(who.token, drafts.get(who.parent)!)
            : await createChild(who.token, who.parent);
      attempts.push(attempt);
      if (kind === 'account') (attempt.status === 200 ? acknowledged : unacknowledged).push(attempt.key);
      if (kind === 'number' && attempt.status === 200) numbers.push(attempt.key);
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
  // Each supplier's draft bill (the demo seeds one each) and its documents, read on the primary.
  const setup = new pg.Client({ connectionString: writeUrl });
  await setup.connect();
  const drafts = new Map<string, Draft>();
  for (const { parent } of tokens) {
    const bill = (
      await setup.query<{ bill_number: string; version: number }>(
        "SELECT bill_number, version FROM sam_bill WHERE tenant_id = 'demo' AND supp_code = $1 AND status = '草稿' ORDER BY bill_number LIMIT 1",
        [parent],
      )
    ).rows[0];
    if (!bill) throw new Error(`${parent} has no draft settlement bill (the demo seeds one)`);
    const sources = (
      await setup.query<{ sourceType: string; sourceId: string }>(
        `SELECT source_type AS "sourceType", source_id AS "sourceId" FROM sam_bill_line
         WHERE tenant_id = 'demo' AND bill_number = $1 AND live ORDER BY 1, 2`,
        [bill.bill_number],
      )
    ).rows;
    drafts.set(parent, { samBillNum: bill.bill_number, sources, version: bill.version });
  }
  await setup.end();
  const kinds = Array.from({ length: clients }, (_, i) => kindOf(i));
  console.log(
    `failover: ${clients} clients through ${front} (${['account', 'number', 'settlement'].map((k) => `${kinds.filter((x) => x === k).length} ${k}`).join(', ')})`,
  );
  const figures: PhaseFigures[] = [];

  const killed = await primary();
  figures.push(
    await phase(`kill -9 postmaster of ${killed.name}`, tokens, drafts, async () => {
      const pid = Number(fs.readFileSync(path.join(dir, killed.name, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
    }),
  );
  print(figures.at(-1)!);
  await healthy();

  const stopped = await primary();
  figures.push(
    await phase(`clean stop of Patroni on ${stopped.name}`, tokens, drafts, async () => {
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
    await phase('kill -9 of portal node 1', tokens, drafts, async () => {
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
  const present = new Set(rows.map((r) => r.code));
  const lost = acknowledged.filter((code) => !present.has(code));
  const appliedUnacknowledged = unacknowledged.filter((code) => present.has(code));
  console.log(
    `accounts acknowledged: ${acknowledged.length}, lost: ${lost.length}${lost.length ? ` (${lost.slice(0, 5).join(', ')})` : ''}; ` +
      `failed answers whose write was applied nevertheless: ${appliedUnacknowledged.length} of ${unacknowledged.length}`,
  );
  // A number handed out twice, or one above what the sequence now holds, would be a lost increment.
  const stored = await client.query<{ day: string; last: number }>(
    "SELECT to_char(day, 'YYYYMMDD') AS day, last_value AS last FROM bill_sequence WHERE tenant_id = 'demo' AND prefix = $1",
    [numberCode],
  );
  const lastOf = new Map(stored.rows.map((r) => [r.day, r.last]));
  const twice = numbers.length - new Set(numbers).size;
  const beyond = numbers.filter(
    (n) => Number(n.slice(numberCode.length + 8)) > (lastOf.get(n.slice(numberCode.length, numberCode.length + 8)) ?? 0),
  );
  console.log(`bill numbers handed out: ${numbers.length}, handed out twice: ${twice}, above the stored sequence (lost): ${beyond.length}`);
  // Each draft holds its last acknowledged save, or a later one (an unanswered save applied).
  let staleDrafts = 0;
  for (const draft of drafts.values()) {
    const row = (
      await client.query<{ version: number; remark: string }>(
        "SELECT version, remark FROM sam_bill WHERE tenant_id = 'demo' AND bill_number = $1",
        [draft.samBillNum],
      )
    ).rows[0]!;
    const ack = draft.acknowledged;
    const kept = !ack || row.version > ack.version || (row.version === ack.version && row.remark === ack.remark);
    if (!kept) staleDrafts++;
    console.log(
      `settlement draft ${draft.samBillNum}: last acknowledged save version ${ack?.version ?? '-'}, stored version ${row.version}${kept ? '' : ' (LOST)'}`,
    );
  }
  await client.end();
  console.log(`acknowledged writes lost: ${lost.length + beyond.length + staleDrafts} (aim 0); numbers handed out twice: ${twice} (aim 0)`);
  console.log(
    `5xx other than 503 over all phases: ${figures.reduce((n, f) => n + f.other5xx, 0)}; hung calls: ${figures.reduce((n, f) => n + f.hangs, 0)}`,
  );
}

await main();
