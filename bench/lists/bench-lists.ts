// npm run bench:lists — the first page of the purchase-order list (issue 34) for its default sort and every sort
// the grid offers (purOrderSortFields), both directions, for one supplier (100001) and for staff (every supplier), each under 20
// concurrent requests of the repo's SQL with its capped count (p50 and p99 of BENCH_REQUESTS, default 100), and
// the plan's top node. The orders: a database kept by `BENCH_KEEP_DATABASE` (bench:performance's 10M-line one holds
// two million), else a new one on BENCH_DATABASE_URL or 127.0.0.1:5432 given ORDERS (default 200,000) orders of
// five lines over 201 suppliers (bench:performance's orders, without receiving). BENCH_SORTS=regex: only those fields;
// BENCH_SCOPES=supplier or staff: only that one. Then the delivery-note list (送货单; staff's receiving desk reads
// the same call) the same way: NOTES (default 200,000) notes over the tenant's suppliers and two years, its first
// page newest first with its capped count, and within one month. Then settlement bills (结算单, BILLS, default
// 200,000 over three years) and charges (费用, CHARGES, default 1,000,000 over two years), over the demo's and
// bench:performance's suppliers, the same way as the orders: the default sort and every sort they offer both ways,
// for 100001 and for staff. BENCH_LISTS=orders, notes, bills or charges (comma-separated): only those lists.
import { purchaseOrder, settlement } from '@portal/contract';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import * as repo from '@portal/server/src/modules/purchase-order/repo';
import * as notes from '@portal/server/src/modules/delivery-note/repo';
import { billList } from '@portal/server/src/modules/settlement/bills/repo';
import { chargeList } from '@portal/server/src/modules/settlement/charges/repo';
import { bulkLoad } from '@portal/server/src/db/bulk';
import type { DB } from '@portal/server/src/db/schema';
import type { DataScope } from '@portal/server/src/platform/scope';
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
const lists = (process.env.BENCH_LISTS ?? 'orders,notes,bills,charges').split(',');
const wantedNotes = Number(process.env.NOTES ?? 200_000);
const wantedBills = Number(process.env.BILLS ?? 200_000);
const wantedCharges = Number(process.env.CHARGES ?? 1_000_000);

/** What the sort timings need of a server-paged list (server-list.ts): a page, and the query an export reads. */
type GridSort = { sort?: { field: string; order: 'asc' | 'desc' } };
interface SortedList {
  page(db: Kysely<DB>, scope: DataScope, search: object, request: GridSort & { page: number; limit: number }): Promise<unknown>;
  exportQuery(db: Kysely<DB>, scope: DataScope, search: object, grid: GridSort): { limit(rows: number): { compile(): CompiledQuery } };
}

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
  const alone = await timeConcurrent(page, 5, 1);
  const fast = percentile(alone, 50) < slowMs;
  // Warm-up, as many at once as the timing: the pool opens its connections here, not in the first figure's p99.
  if (fast) await timeConcurrent(page, connections, connections);
  const took = fast ? await timeConcurrent(page, requests, connections) : undefined;
  const ms = (values: number[], p: number, width: number) => `${String(round(percentile(values, p))).padStart(width)} ms`;
  return `${took ? `p50 ${ms(took, 50, 7)}  p99 ${ms(took, 99, 7)}` : 'not run 20 at a time     '}  alone ${ms(alone, 50, 6)}`;
}

const bench = await postgresDatabase();
if (!bench) throw new Error('bench:lists needs PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432');
try {
  const db = bench.database.db;
  // A kept database is migrated to the latest schema too (its data stays); a new one is also seeded.
  await prepare(bench.database, true, bench.prepared === true);
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
  /** The first page of `list` in its default sort and in every sort of `fields` both ways, for each scope. */
  const timeSorts = async (prefix: string, list: SortedList, fields: readonly string[], defaultLabel: string) => {
    const sorts = [undefined, ...fields.flatMap((field) => (['asc', 'desc'] as const).map((order) => ({ field, order })))].filter(
      (s) => !only || only.test(s?.field ?? 'default'),
    );
    for (const [who, scope] of scopes)
      for (const sort of sorts) {
        const request = { page: 1, limit: 20, ...(sort ? { sort } : {}) };
        const timing = await timed(() => list.page(db, scope, {}, request));
        const scans = await planOf(
          list
            .exportQuery(db, scope, {}, sort ? { sort } : {})
            .limit(20)
            .compile(),
        );
        console.log(`${prefix}${who.padEnd(8)} ${(sort ? `${sort.field} ${sort.order}` : defaultLabel).padEnd(24)} ${timing}  ${scans}`);
      }
  };
  if (lists.includes('orders')) await timeSorts('', repo.orderList, purchaseOrder.purOrderSortFields, 'default (orderDate desc)');

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

  const codes = async (query: ReturnType<typeof sql<{ c: string }>>) => (await query.execute(db)).rows.map((r) => r.c);
  const countOf = async (table: 'sam_bill' | 'sam_charge', supplier?: string) =>
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE tenant_id = 'demo'
        AND (${supplier ?? null}::text IS NULL OR supp_code = ${supplier ?? null})`.execute(db)
    ).rows[0]!.n;
  // bench:performance's 200 suppliers beside the demo's six, as the orders have.
  if (lists.includes('bills') || lists.includes('charges')) await benchOrders(db);
  const suppliers = await codes(sql<{ c: string }>`SELECT supp_code AS c FROM supplier WHERE tenant_id = 'demo' ORDER BY 1`);
  const statuses = ['草稿', '已提交', '已驳回', '已审核', '发票确认', '已审批', '已支付', '作废'];
  if (lists.includes('bills') && (await countOf('sam_bill')) < wantedBills) {
    const started = Date.now();
    const units = await codes(sql<{ c: string }>`SELECT unit_code AS c FROM acc_unit WHERE tenant_id = 'demo' ORDER BY 1`);
    const chunk = 50_000;
    for (let first = await countOf('sam_bill'); first < wantedBills; first += chunk) {
      const last = Math.min(first + chunk, wantedBills) - 1;
      // Bills of the last three years, each month's spread over the suppliers and accounting units; amounts that add up.
      await bulkLoad(db, 'demo', { job: 'bench:lists', bills: last - first + 1 }, (trx) =>
        sql`INSERT INTO sam_bill (tenant_id, bill_number, supp_code, node_code, period_start, period_end, due_date, status,
            goods_amount, return_amount, charge_amount, prepay_amount, payable_amount, paid_amount, line_count, created_by, created_at)
          SELECT 'demo', 'SB' || lpad(i::text, 10, '0'), s, u, d, (d + interval '1 month - 1 day')::date, (d + interval '2 months')::date,
            st, g, -r, -c, 0, g - r - c, CASE WHEN st = '已支付' THEN g - r - c ELSE 0 END, 1 + i % 40, 'bench', d + interval '35 days'
          FROM (SELECT i, (${suppliers}::text[])[1 + i % ${suppliers.length}] AS s, (${units}::text[])[1 + (i / ${suppliers.length}) % ${units.length}] AS u,
              (date_trunc('month', now()) - (i / ${Math.ceil(wantedBills / 36)}) * interval '1 month')::date AS d,
              (${statuses}::text[])[1 + (i * 7) % ${statuses.length}] AS st,
              (2000 + (i * 7919) % 90000)::numeric(14,2) AS g, ((i * 31) % 500)::numeric(14,2) AS r, ((i * 17) % 800)::numeric(14,2) AS c
            FROM generate_series(${first}::bigint, ${last}::bigint) i) x`.execute(trx),
      );
    }
    await sql`VACUUM ANALYZE sam_bill`.execute(db);
    console.log(`# bills loaded to ${await countOf('sam_bill')} in ${round((Date.now() - started) / 1000)} s`);
  }
  if (lists.includes('charges') && (await countOf('sam_charge')) < wantedCharges) {
    const started = Date.now();
    const depts = await codes(sql<{ c: string }>`SELECT dept_code AS c FROM dept WHERE tenant_id = 'demo' ORDER BY 1`);
    const names = ['DM海报费', '堆头费', '条码费', '促销服务费', '物流配送费', '返利'];
    const chunk = 100_000;
    for (let first = await countOf('sam_charge'); first < wantedCharges; first += chunk) {
      const last = Math.min(first + chunk, wantedCharges) - 1;
      // Charges spread over every supplier and store, a few a day, going back from today.
      await bulkLoad(db, 'demo', { job: 'bench:lists', charges: last - first + 1 }, (trx) =>
        sql`INSERT INTO sam_charge (tenant_id, charge_code, supp_code, dept_code, charge_type, charge_name, period, direction, amount,
            tax_rate, clause, calculation, charge_date, settle_status, dispute_status, created_by)
          SELECT 'demo', 'FY' || lpad(i::text, 10, '0'), (${suppliers}::text[])[1 + i % ${suppliers.length}],
            (${depts}::text[])[1 + (i / 7) % ${depts.length}], CASE WHEN i % 6 = 5 THEN '返利' ELSE '费用' END,
            (${names}::text[])[1 + i % 6], to_char(d, 'YYYY-MM'), CASE WHEN i % 6 = 5 THEN 'pay' ELSE 'deduct' END,
            (10 + (i * 7919) % 5000)::numeric(14,2), 6, '合同条款', '按合同', d,
            CASE WHEN i % 3 = 0 THEN '已结算' ELSE '未结算' END, CASE WHEN i % 50 = 0 THEN '异议中' ELSE '无' END, 'bench'
          FROM (SELECT i, (now() - (i * ${Math.ceil((730 * 1440) / wantedCharges)}) * interval '1 minute')::date AS d
            FROM generate_series(${first}::bigint, ${last}::bigint) i) x`.execute(trx),
      );
    }
    await sql`VACUUM ANALYZE sam_charge`.execute(db);
    console.log(`# charges loaded to ${await countOf('sam_charge')} in ${round((Date.now() - started) / 1000)} s`);
  }
  for (const [name, list, fields, table] of [
    ['bills', billList, settlement.billSortFields, 'sam_bill'],
    ['charges', chargeList, settlement.chargeSortFields, 'sam_charge'],
  ] as const) {
    if (!lists.includes(name)) continue;
    console.log(`# ${await countOf(table)} ${name} of the tenant, ${await countOf(table, '100001')} of 100001`);
    await timeSorts(`${name} `, list, fields, 'default');
  }
} finally {
  await bench.database.close();
  await bench.dispose();
}
