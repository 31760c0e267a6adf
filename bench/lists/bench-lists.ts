// npm run bench:lists — the first page of the purchase-order list (issue 34) for its default sort and every sort
// the grid offers (purOrderSortFields), both directions, for one supplier (100001) and for staff (every supplier), each under 20
// concurrent requests of the repo's SQL with its capped count (p50 and p99 of BENCH_REQUESTS, default 100), and
// the plan's top node. The orders: a database kept by `BENCH_KEEP_DATABASE` (bench:performance's 10M-line one holds
// two million), else a new one on BENCH_DATABASE_URL or 127.0.0.1:5432 given ORDERS (default 200,000) orders of
// five lines over 201 suppliers (bench:performance's orders, without receiving). BENCH_SORTS=regex: only those fields;
// BENCH_SCOPES=supplier or staff: only that one. Then the delivery-note list (送货单; staff's receiving desk reads
// the same call) the same way: NOTES (default 200,000) notes over the tenant's suppliers and two years, its first
// page newest first with its capped count, and within one month. BENCH_LISTS=orders or notes: only that list.
import { purchaseOrder } from '@portal/contract';
import { sql } from 'kysely';
import * as repo from '@portal/server/src/modules/purchase-order/repo';
import * as notes from '@portal/server/src/modules/delivery-note/repo';
import { bulkLoad } from '@portal/server/src/db/bulk';
import { businessDay } from '@portal/server/src/platform/clock';
import { benchOrders, orderLines, orders } from '../lib/orders';
import { inlined, postgresDatabase, prepare } from '../lib/portal';
import { percentile, round, timeConcurrent } from '../lib/stats';

const wanted = Number(process.env.ORDERS ?? 200_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 100);
const connections = 20;
/** A page slower than this alone is not run 20 at a time. */
const slowMs = 500;
const only = process.env.BENCH_SORTS ? new RegExp(process.env.BENCH_SORTS) : undefined;
const lists = (process.env.BENCH_LISTS ?? 'orders,notes').split(',');
const wantedNotes = Number(process.env.NOTES ?? 200_000);

/** The scans of a query's plan (the page's rows, without the count), its parameters inlined as literals. */
async function planOf(compiled: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN ${inlined(compiled)}`).execute(bench!.database.db);
  const lines = rows.map((r) => r['QUERY PLAN']);
  const scans = lines
    .filter((l) => /Scan|Sort/.test(l) && !/SubPlan|InitPlan/.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/\s+\(cost.*$/, '')
        .replace(/^->\s+/, ''),
    );
  return [...new Set(scans)].slice(0, 4).join(' | ');
}

/**
 * A page's figures: p50 and p99 of `requests` at 20 concurrent, and its time alone. A page that takes half a second
 * by itself would only queue 20 at a time on the pool: it is timed alone only.
 */
async function timed(page: () => Promise<unknown>): Promise<string> {
  // Warm-up, as many at once as the timing: the pool opens its connections here, not in the first figure's p99.
  await timeConcurrent(page, connections, connections);
  const alone = await timeConcurrent(page, 5, 1);
  const took = percentile(alone, 50) < slowMs ? await timeConcurrent(page, requests, connections) : undefined;
  const ms = (values: number[], p: number, width: number) => `${String(round(percentile(values, p))).padStart(width)} ms`;
  return `${took ? `p50 ${ms(took, 50, 7)}  p99 ${ms(took, 99, 7)}` : 'not run 20 at a time     '}  alone ${ms(alone, 50, 6)}`;
}

const bench = await postgresDatabase();
if (!bench) throw new Error('bench:lists needs PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432');
try {
  const db = bench.database.db;
  if (!bench.prepared) await prepare(bench.database);
  const have = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pur_order WHERE tenant_id = 'demo'`.execute(db)).rows[0]!.n;
  if (lists.includes('orders') && have < wanted) {
    const setup = await benchOrders(db);
    const started = Date.now();
    const chunk = 2_000;
    for (let first = 0; first < wanted; first += chunk) {
      const count = Math.min(chunk, wanted - first);
      await bulkLoad(db, 'demo', { job: 'bench:lists', orders: count }, async (trx) => {
        await orders(trx, setup, first, count);
        await orderLines(trx, first, count);
      });
      if (first % (chunk * 25) === 0) await sql`VACUUM ANALYZE pur_order, pur_order_line, perf_item`.execute(db);
    }
    await sql`VACUUM ANALYZE`.execute(db);
    console.log(`# ${wanted} orders loaded in ${round((Date.now() - started) / 1000)} s`);
  }
  const total = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pur_order WHERE tenant_id = 'demo'`.execute(db)).rows[0]!.n;
  const mine = (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM pur_order WHERE tenant_id = 'demo' AND supp_code = '100001'`.execute(db)
  ).rows[0]!.n;
  console.log(
    `# ${total} orders of the tenant, ${mine} of 100001; ${connections} concurrent, ${requests} requests per figure (${businessDay(new Date())})`,
  );

  const scopes = (
    [
      ['supplier', { tenantId: 'demo', suppCode: '100001' }],
      ['staff', { tenantId: 'demo', suppCode: null }],
    ] as const
  ).filter(([who]) => !process.env.BENCH_SCOPES || process.env.BENCH_SCOPES.split(',').includes(who));
  const sorts = [
    undefined,
    ...purchaseOrder.purOrderSortFields.flatMap((field) => (['asc', 'desc'] as const).map((order) => ({ field, order }))),
  ].filter((s) => !only || only.test(s?.field ?? 'default'));
  for (const [who, scope] of lists.includes('orders') ? scopes : []) {
    for (const sort of sorts) {
      const request = { page: 1, limit: 20, ...(sort ? { sort } : {}) };
      const timing = await timed(() => repo.orderList.page(db, scope, {}, request));
      const scans = await planOf(
        repo.orderList
          .exportQuery(db, scope, {}, sort ? { sort } : {})
          .limit(20)
          .compile(),
      );
      console.log(`${who.padEnd(8)} ${(sort ? `${sort.field} ${sort.order}` : 'default (orderDate desc)').padEnd(24)} ${timing}  ${scans}`);
    }
  }

  if (lists.includes('notes')) {
    const count = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM delivery_note WHERE tenant_id = 'demo'`.execute(db)).rows[0]!.n;
    if ((await count()) < wantedNotes) {
      const started = Date.now();
      const suppliers = (
        await sql<{ c: string }>`SELECT supp_code AS c FROM supplier WHERE tenant_id = 'demo' ORDER BY 1`.execute(db)
      ).rows.map((r) => r.c);
      const depts = (await sql<{ c: string }>`SELECT dept_code AS c FROM dept WHERE tenant_id = 'demo' ORDER BY 1`.execute(db)).rows.map(
        (r) => r.c,
      );
      const chunk = 50_000;
      for (let first = await count(); first < wantedNotes; first += chunk) {
        const last = Math.min(first + chunk, wantedNotes) - 1;
        // Received notes over two years, a few a minute, spread over every supplier and store.
        await bulkLoad(db, 'demo', { job: 'bench:lists', notes: last - first + 1 }, (trx) =>
          sql`INSERT INTO delivery_note (tenant_id, note_number, supp_code, dept_code, status, created_by, created_at)
            SELECT 'demo', 'BN' || lpad(i::text, 9, '0'), (${suppliers}::text[])[1 + i % ${suppliers.length}],
              (${depts}::text[])[1 + i % ${depts.length}], '已收货', 'bench', now() - (i * ${Math.ceil((730 * 1440) / wantedNotes)}) * interval '1 minute'
            FROM generate_series(${first}::bigint, ${last}::bigint) i`.execute(trx),
        );
      }
      await sql`VACUUM ANALYZE delivery_note`.execute(db);
      console.log(`# delivery notes loaded to ${await count()} in ${round((Date.now() - started) / 1000)} s`);
    }
    const mineNotes = (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM delivery_note WHERE tenant_id = 'demo' AND supp_code = '100001'`.execute(db)
    ).rows[0]!.n;
    console.log(`# ${await count()} delivery notes of the tenant, ${mineNotes} of 100001`);
    const month = {
      startDate: businessDay(new Date(Date.now() - 400 * 86_400_000)),
      endDate: businessDay(new Date(Date.now() - 370 * 86_400_000)),
    };
    for (const [who, scope] of scopes)
      for (const [what, filter] of [
        ['newest first', {}],
        ['one month', month],
      ] as const) {
        const page = () => notes.notePage(db, scope, filter, 1, 20);
        const timing = await timed(page);
        const { total, totalCapped } = await page();
        console.log(`notes ${who.padEnd(8)} ${what.padEnd(13)} ${timing}  count ${total}${totalCapped ? '+' : ''}`);
      }
  }
} finally {
  await bench.database.close();
  await bench.dispose();
}
