// npm run bench:scale-data — issue 33's scale on the highly available topology (`bash scripts/cluster/start.sh`
// running): grows the cluster's database, once (a later run finds it grown and goes on from there), to TENANTS (20)
// tenants, SUPPLIERS (5,000) suppliers and BENCH_ROWS (10,000,000) receiving lines, through the front doors: each
// tenant is the demo seed under another id (its business through the integration service, as npm start's), the
// suppliers and their goods (GOODS_EACH, 8) are integration documents, and the receiving lines are integration
// receiving bills of 5 lines over two years, 1,000 bills a batch, all through the integration service in this process
// on the write port. Then, through the HAProxy front:
//  1. BENCH_CONNECTIONS (200) connections of bench:mixed's supplier traffic (getInfo, the menu, an order page, 90 days
//     of receiving lines, the dashboard), each connection signed in as another supplier (BENCH_SIGNED_IN, 200, spread
//     over the tenants): both portal nodes, one (node 2 disabled on HAProxy's admin socket), both again.
//  2. The receiving reports (totals, by store, by goods, the detail's first page over a year) and the dashboard from
//     BENCH_REPORT_CONNECTIONS (40) suppliers' connections while an ERP feed (BENCH_WRITERS, 2, one batch in flight
//     each) sends receiving batches of 100 bills x 5 lines through the integration API: the reports' and the batches'
//     p50 / p99, with the reads on the replica (the portal's DATABASE_READ_URL is HAProxy's read port) and with the
//     replica taken out of that port (its servers disabled and their sessions shut: the port then forwards to the
//     primary), alternating, BENCH_ROUNDS (2) rounds of BENCH_SECONDS (20) each.
// Signing in: a supplier made through the integration API has no usable password until staff issue one (changed at
// its first sign-in); the bench stands in for that step by giving the signed-in suppliers' main accounts the demo
// accounts' password hash (SQL), nothing more. Figures are printed, never asserted.
//
//   bash scripts/cluster/start.sh && npm run bench:scale-data; bash scripts/cluster/stop.sh
import { sql } from 'kysely';
import { integration } from '@portal/contract';
import { openDatabase } from '@portal/server/src/db/database';
import { seedDemo } from '@portal/server/src/db/seed/demo';
import { ingest } from '@portal/server/src/modules/integration/documents/service';
import { businessDay } from '@portal/server/src/platform/clock';
import { seedActions } from '@portal/server/src/seed-actions';
import { seedIngest } from '@portal/server/src/seed-ingest';
import { type Figures, type LoadSpec, mixedRequests, runLoad } from '../mixed/traffic';
import { loginToken } from '../lib/portal';
import { seeded } from '../lib/seeded';
import { median, percentile, round } from '../lib/stats';
import { haproxy } from './haproxy';

const base = Number(process.env.CLUSTER_PORT_BASE ?? 27000);
const front = `http://127.0.0.1:${base + 80}`;
const writeUrl = `postgres://postgres@127.0.0.1:${base + 500}/portal`;
const readUrl = `postgres://postgres@127.0.0.1:${base + 501}/portal`;
const tenantCount = Number(process.env.TENANTS ?? 20);
const supplierCount = Number(process.env.SUPPLIERS ?? 5_000);
const goodsEach = Number(process.env.GOODS_EACH ?? 8);
const targetLines = Number(process.env.BENCH_ROWS ?? 10_000_000);
const signedIn = Number(process.env.BENCH_SIGNED_IN ?? 200);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const reportConnections = Number(process.env.BENCH_REPORT_CONNECTIONS ?? 40);
const writers = Number(process.env.BENCH_WRITERS ?? 2);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const phases = (process.env.BENCH_PHASES ?? 'grow,nodes,replica').split(',');
const dayMs = 86_400_000;

const tenants = Array.from({ length: tenantCount }, (_, i) => (i === 0 ? 'demo' : `t${String(i + 1).padStart(2, '0')}`));
const perTenant = Math.ceil(supplierCount / tenantCount);
const seconds1 = (from: number) => round((Date.now() - from) / 1000, 1);

const database = await openDatabase({ databaseUrl: writeUrl, poolSize: 8, statementTimeoutMs: 600_000 });
const db = database.db;

/** An integration batch in this process, refused documents named. */
async function send(tenantId: string, entity: integration.DocumentEntity, documents: unknown[]) {
  const answer = await ingest({ db }, { tenantId, source: 'seed' }, entity, documents);
  const refused = answer.results.filter((r) => r.outcome === 'refused');
  if (refused.length) throw new Error(`${entity} of ${tenantId}: ${refused.length} refused, first ${JSON.stringify(refused[0])}`);
}

const supplierCode = (tenantIndex: number, n: number) => `S${String(tenantIndex + 1).padStart(2, '0')}${String(n).padStart(4, '0')}`;

async function grow() {
  const started = Date.now();
  const today = new Date();
  // Tenants: the demo seed under each id.
  for (const [i, id] of tenants.entries()) {
    if (await db.selectFrom('tenant').select('id').where('id', '=', id).executeTakeFirst()) continue;
    const t0 = Date.now();
    await seedDemo(db, today, {
      tenant: { id, name: `租户${i + 1}`, companyName: `租户${i + 1}零售有限公司` },
      ingest: seedIngest,
      actions: seedActions,
    });
    console.log(`# tenant ${id} seeded in ${seconds1(t0)} s`);
  }
  // Suppliers and their goods, integration documents: each tenant up to its share.
  for (const [i, id] of tenants.entries()) {
    // Its suppliers, and the bench's own among them (S<tenant><n>, n from 1).
    const { have, made } = (
      await sql<{ have: number; made: number }>`SELECT count(*)::int AS have,
        (count(*) FILTER (WHERE supp_code LIKE ${`${supplierCode(i, 0).slice(0, 3)}%`}))::int AS made
        FROM supplier WHERE tenant_id = ${id}`.execute(db)
    ).rows[0]!;
    const missing = perTenant - have;
    if (missing <= 0) continue;
    const t0 = Date.now();
    const leafs = (
      await sql<{ code: string }>`SELECT category_code AS code FROM category c WHERE tenant_id = ${id}
        AND NOT EXISTS (SELECT 1 FROM category k WHERE k.tenant_id = c.tenant_id AND k.parent_category_code = c.category_code) ORDER BY 1`.execute(
        db,
      )
    ).rows.map((r) => r.code);
    const brands = (await db.selectFrom('brand').select('brand_code').where('tenant_id', '=', id).orderBy('brand_code').execute()).map(
      (r) => r.brand_code,
    );
    const random = seeded(i + 1);
    // All of the bench's suppliers are sent: those already there answer unchanged.
    const codes = Array.from({ length: made + missing }, (_, n) => supplierCode(i, n + 1));
    for (let from = 0; from < codes.length; from += 500) {
      const batch = codes.slice(from, from + 500);
      await send(
        id,
        'suppliers',
        batch.map((code) => ({ key: code, version: 1, name: `规模测试供应商${code}`, contactName: '测试', phone: '13800000000' })),
      );
      await send(
        id,
        'goods',
        batch.flatMap((code) =>
          Array.from({ length: goodsEach }, (_, g) => ({
            key: `G${code}${g}`,
            version: 1,
            barcode: `69${code.slice(1)}${g}`.padEnd(13, '0'),
            name: `规模测试商品${code}-${g}`,
            unit: '件',
            caseQty: 12,
            categoryCode: random.pick(leafs),
            brandCode: random.pick(brands),
            supplierCode: code,
            taxRate: '13',
            price: `${random.int(2, 80)}.50`,
            retailPrice: `${random.int(90, 150)}.00`,
          })),
        ),
      );
    }
    console.log(`# tenant ${id}: ${missing} suppliers with ${goodsEach} goods each in ${seconds1(t0)} s`);
  }

  // Receiving lines: bills of 5 lines, 1,000 a batch, each batch one tenant's (round robin), two in flight.
  const countLines = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM acceptance`.execute(db)).rows[0]!.n);
  let lines = await countLines();
  const t0 = Date.now();
  const startLines = lines;
  const goodsOf = new Map<string, { suppliers: string[]; goods: Map<string, string[]>; stores: string[] }>();
  for (const id of tenants) {
    const rows = (
      await sql<{ supp: string; goods: string }>`SELECT supp_code AS supp, goods_code AS goods FROM goods
        WHERE tenant_id = ${id} AND supp_code <> '' ORDER BY 1, 2`.execute(db)
    ).rows;
    const goods = new Map<string, string[]>();
    for (const r of rows) goods.set(r.supp, [...(goods.get(r.supp) ?? []), r.goods]);
    const stores = (
      await db.selectFrom('dept').select('dept_code').where('tenant_id', '=', id).where('dept_type', '=', 'store').execute()
    ).map((r) => r.dept_code);
    goodsOf.set(id, { suppliers: [...goods.keys()], goods, stores });
  }
  const random = seeded(lines + 33);
  let batchNo = Math.floor(lines / 5000);
  const batch = () => {
    const n = batchNo++;
    const id = tenants[n % tenants.length]!;
    const t = goodsOf.get(id)!;
    const documents: integration.ReceivingDoc[] = [];
    for (let d = 0; d < 1000; d++) {
      const supplier = random.pick(t.suppliers);
      const goods = t.goods.get(supplier)!;
      documents.push({
        key: `SCALE-${n}-${d}`,
        version: 1,
        supplierCode: supplier,
        storeCode: random.pick(t.stores),
        date: businessDay(new Date(today.getTime() - random.int(1, 730) * dayMs)),
        lines: Array.from({ length: 5 }, (_, l) => {
          const qty = random.int(1, 240);
          const cents = random.int(50, 9_999);
          return {
            lineNo: l + 1,
            goodsCode: random.pick(goods),
            qty: String(qty),
            freeQty: '0',
            rejectedQty: random.int(0, 20) === 0 ? '1' : '0',
            price: (cents / 100).toFixed(2),
            amount: ((qty * cents) / 100).toFixed(2),
          };
        }),
      });
    }
    return { id, documents };
  };
  let reported = lines;
  const worker = async () => {
    while (lines < targetLines) {
      const { id, documents } = batch();
      lines += 5000;
      await send(id, 'receiving', documents);
      if (lines - reported >= 500_000) {
        reported = lines;
        console.log(`# ${lines} lines (${Math.round((lines - startLines) / ((Date.now() - t0) / 1000))} lines/s)`);
        // What autovacuum's analyze would do as the table grows; it runs on the cluster too, this only keeps the
        // statistics of the growing tables current between its rounds.
        await sql`ANALYZE acceptance, acceptance_daily, acceptance_monthly`.execute(db);
      }
    }
  };
  if (lines < targetLines) {
    await Promise.all([worker(), worker()]);
    await sql`VACUUM ANALYZE`.execute(db);
  }
  lines = await countLines();
  const figures = (
    await sql<{ tenants: string; suppliers: string; goods: string; accounts: string }>`SELECT
      (SELECT count(*) FROM tenant) AS tenants, (SELECT count(*) FROM supplier) AS suppliers,
      (SELECT count(*) FROM goods) AS goods, (SELECT count(*) FROM account WHERE kind = 'supplier') AS accounts`.execute(db)
  ).rows[0]!;
  console.log(
    `# grown: ${figures.tenants} tenants, ${figures.suppliers} suppliers (${figures.accounts} supplier accounts), ${figures.goods} goods, ` +
      `${lines} receiving lines (${lines - startLines} added at ${Math.round((lines - startLines) / Math.max(1, (Date.now() - t0) / 1000))} lines/s); ` +
      `the whole step ${seconds1(started)} s`,
  );
}

/** BENCH_SIGNED_IN suppliers' tokens, spread over the tenants, signed in through the front. */
async function supplierTokens(count: number): Promise<string[]> {
  const hash = (
    await db
      .selectFrom('account')
      .select('password_hash')
      .where('tenant_id', '=', 'demo')
      .where('employee_code', '=', '100001')
      .executeTakeFirstOrThrow()
  ).password_hash;
  const picks: { tenant: string; code: string }[] = [];
  for (let n = 1; picks.length < count; n++)
    for (const [i] of tenants.entries()) if (picks.length < count) picks.push({ tenant: tenants[i]!, code: supplierCode(i, n) });
  for (const tenant of tenants) {
    const codes = picks.filter((p) => p.tenant === tenant).map((p) => p.code);
    if (codes.length)
      await db
        .updateTable('account')
        .set({ password_hash: hash, must_change_password: false, password_changed_at: new Date() })
        .where('tenant_id', '=', tenant)
        .where('employee_code', 'in', codes)
        .execute();
  }
  const tokens: string[] = [];
  for (let i = 0; i < picks.length; i += 10)
    tokens.push(...(await Promise.all(picks.slice(i, i + 10).map((p) => loginToken(front, p.code, false, p.tenant)))));
  const missing = tokens.filter((t) => !t).length;
  if (missing) throw new Error(`${missing} of ${picks.length} suppliers could not sign in`);
  return tokens;
}

/** The load with a minute's patience a request (200 connections queue on two cores). */
const load = (spec: Omit<LoadSpec, 'timeoutSeconds'>) => runLoad({ ...spec, timeoutSeconds: 60 });

const line = (label: string, f: Figures) =>
  `${label.padEnd(34)} req/s ${String(f.rps).padStart(5)}  p50 ${String(f.p50).padStart(5)} ms  p99 ${String(f.p99).padStart(5)} ms  errors ${f.errors} of ${f.requests} ${JSON.stringify(f.byStatus)}`;

async function nodes(tokens: string[]) {
  console.log(`# ${connections} connections of mixed supplier traffic for ${seconds} s, ${tokens.length} suppliers signed in`);
  const requests = mixedRequests('').map(({ method, path: p, body }) => ({ method, path: p, ...(body ? { body } : {}) }));
  // A first run warms both nodes' pools and the database's cache (after the growth, or a restart); not counted.
  console.log(line('warm-up (not counted)', await load({ url: front, connections, seconds: 10, tokens, requests })));
  for (const [label, count] of [
    ['two nodes', 2],
    ['one node', 1],
    ['two nodes', 2],
  ] as const) {
    await haproxy(`${count === 2 ? 'enable' : 'disable'} server portal_nodes/node2`);
    await new Promise((r) => setTimeout(r, 2000));
    console.log(line(label, await load({ url: front, connections, seconds, tokens, requests })));
  }
  await haproxy('enable server portal_nodes/node2');
  // Where the time goes: each call of the traffic alone, BENCH_CALL_CONNECTIONS (50) connections, both nodes.
  const alone = Number(process.env.BENCH_CALL_CONNECTIONS ?? 50);
  for (const request of requests)
    console.log(
      line(
        `  alone: ${request.path.replace('/api/', '')}`,
        await load({ url: front, connections: alone, seconds: 10, tokens, requests: [request] }),
      ),
    );
}

/** Where HAProxy's read port leads now: the node's port and whether it is a replica. */
async function readTarget(): Promise<string> {
  const reader = await openDatabase({ databaseUrl: readUrl, poolSize: 1 });
  try {
    const row = (
      await sql<{ port: number; replica: boolean }>`SELECT inet_server_port() AS port, pg_is_in_recovery() AS replica`.execute(reader.db)
    ).rows[0]!;
    return `${row.replica ? 'replica' : 'primary'} :${row.port}`;
  } finally {
    await reader.close();
  }
}

async function readsOn(where: 'replica' | 'primary') {
  for (const server of ['pg1', 'pg2']) {
    await haproxy(`${where === 'replica' ? 'enable' : 'disable'} server pg_replicas/${server}`);
    if (where === 'primary') await haproxy(`shutdown sessions server pg_replicas/${server}`);
  }
  // Health checks every 500 ms (rise 1): a re-enabled replica is back within a second or two.
  await new Promise((r) => setTimeout(r, 3000));
}

async function replica(tokens: string[]) {
  const year = { startDate: businessDay(new Date(Date.now() - 365 * dayMs)), endDate: businessDay(new Date()) };
  const reports = [
    { method: 'POST' as const, path: '/api/acceptance/getAccCountSumByCondition', body: JSON.stringify(year) },
    {
      method: 'POST' as const,
      path: '/api/acceptance/getAccCountByCondition',
      body: JSON.stringify({ ...year, groupBy: 'dept', page: 1, limit: 20 }),
    },
    {
      method: 'POST' as const,
      path: '/api/acceptance/getAccCountByCondition',
      body: JSON.stringify({ ...year, groupBy: 'goods', page: 1, limit: 20 }),
    },
    { method: 'POST' as const, path: '/api/acceptance/getAccDetailInfo', body: JSON.stringify({ ...year, page: 1, limit: 50 }) },
    { method: 'GET' as const, path: '/api/dashboard/overview' },
  ];
  // The ERP feed: a client of the demo tenant made through the admin call, its token from the token call.
  const staff = await loginToken(front, 'admin', true);
  const made = await fetch(`${front}/api${integration.createClient.path}`, {
    method: 'POST',
    headers: { token: staff, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `bench:scale-data ${Date.now()}`, scopes: ['receiving:write'], ratePerMinute: 100_000 }),
  });
  const client = ((await made.json()) as { data: integration.ClientWithSecret }).data;
  const issued = await fetch(`${front}/api${integration.issueToken.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client.clientId, client_secret: client.clientSecret }),
  });
  const bearer = ((await issued.json()) as { access_token: string }).access_token;
  const demo = (
    await sql<{ supp: string; goods: string }>`SELECT supp_code AS supp, min(goods_code) AS goods FROM goods
      WHERE tenant_id = 'demo' AND supp_code <> '' GROUP BY 1 ORDER BY 1`.execute(db)
  ).rows;
  const stores = (
    await db.selectFrom('dept').select('dept_code').where('tenant_id', '=', 'demo').where('dept_type', '=', 'store').execute()
  ).map((r) => r.dept_code);
  const random = seeded(Date.now() & 0xffff);
  let feedNo = 0;
  const run = `${Date.now()}`;
  const feed = async (until: number, took: number[], failed: { n: number }) => {
    while (Date.now() < until) {
      const documents = Array.from({ length: 100 }, (_, d) => {
        const s = random.pick(demo);
        return {
          key: `FEED-${run}-${feedNo}-${d}`,
          version: 1,
          supplierCode: s.supp,
          storeCode: random.pick(stores),
          date: businessDay(new Date(Date.now() - random.int(0, 30) * dayMs)),
          lines: Array.from({ length: 5 }, (_, l) => ({ lineNo: l + 1, goodsCode: s.goods, qty: '12', price: '3.50', amount: '42.00' })),
        };
      });
      feedNo++;
      const t0 = performance.now();
      const res = await fetch(`${front}/api${integration.ingestReceiving.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ documents }),
      });
      await res.arrayBuffer();
      if (res.status === 200) took.push(performance.now() - t0);
      else failed.n++;
    }
  };
  console.log(
    `# reports from ${reportConnections} suppliers' connections (${reports.length} calls in turn) while ${writers} ERP feeds send batches of 100 bills x 5 lines, ${seconds} s a phase`,
  );
  const results: Record<string, { reports: Figures[]; writes: number[][] }> = {
    replica: { reports: [], writes: [] },
    primary: { reports: [], writes: [] },
  };
  for (let r = 0; r < rounds; r++)
    for (const where of ['replica', 'primary'] as const) {
      await readsOn(where);
      const target = await readTarget();
      const took: number[] = [];
      const failed = { n: 0 };
      const until = Date.now() + seconds * 1000;
      const [f] = await Promise.all([
        load({ url: front, connections: reportConnections, seconds, tokens: tokens.slice(0, reportConnections), requests: reports }),
        ...Array.from({ length: writers }, () => feed(until, took, failed)),
      ]);
      took.sort((a, b) => a - b);
      results[where]!.reports.push(f);
      results[where]!.writes.push(took);
      console.log(
        `${line(`reports, reads on the ${where} (${target})`, f)}\n${''.padEnd(34)} ERP batches: ${took.length} ok, ${failed.n} failed, p50 ${round(percentile(took, 50), 0)} ms, p99 ${round(percentile(took, 99), 0)} ms`,
      );
    }
  await readsOn('replica');
  for (const where of ['replica', 'primary'] as const) {
    const { reports: rs, writes } = results[where]!;
    const all = writes.flat().sort((a, b) => a - b);
    console.log(
      `# reads on the ${where}: reports p50 ${median(rs.map((f) => f.p50))} ms, p99 ${median(rs.map((f) => f.p99))} ms, ${median(rs.map((f) => f.rps))} req/s (medians of ${rs.length}); ` +
        `ERP batches p50 ${round(percentile(all, 50), 0)} ms, p99 ${round(percentile(all, 99), 0)} ms over ${all.length}`,
    );
  }
}

try {
  console.log(`# cluster at ${front}; reads through ${readUrl} lead to the ${await readTarget()}`);
  if (phases.includes('grow')) await grow();
  if (phases.includes('nodes') || phases.includes('replica')) {
    const tokens = await supplierTokens(Math.max(signedIn, reportConnections));
    if (phases.includes('nodes')) await nodes(tokens.slice(0, signedIn));
    if (phases.includes('replica')) await replica(tokens);
  }
} finally {
  await database.close();
}
