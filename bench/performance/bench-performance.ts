// npm run bench:performance — supplier performance (issue 29, part D) on LINES receiving lines (default 1,000,000;
// LINES=10000000 for the size), each against an order line of a year of orders spread over 201 suppliers
// (100001 and 200 made here), the demo's stores and categories. The lines go in through plain INSERTs in chunks, so
// the triggers of migrations 0021 and 0040 keep the rollups as they would for any writer. Then, on PostgreSQL at
// BENCH_DATABASE_URL or 127.0.0.1:5432 (else the embedded one): the p50 and p95 of a year's figures of one supplier
// (its twelve months, the year, the month per store: the queries of the 供应商绩效 screen) and of the staff ranking
// of every supplier over twelve months (sorted by OTIF, and by rejection rate), each raw (the repo's SQL in this
// process) and through the portal's HTTP call. Figures are printed, never asserted.
import { sql } from 'kysely';
import { bulkLoad } from '@portal/server/src/db/bulk';
import * as repo from '@portal/server/src/modules/performance/repo';
import { benchOrders, linesPerOrder, orderLines, orders } from '../lib/orders';
import { embeddedDatabase, loginToken, postgresDatabase, prepare, serve } from '../lib/portal';
import { percentile, round } from '../lib/stats';

const totalLines = Number(process.env.LINES ?? process.env.BENCH_LINES ?? 1_000_000);
// Chunks small enough for the lock table: migration 0021's trigger takes one advisory lock per receiving bill.
const chunkLines = 5_000;
const rounds = Number(process.env.BENCH_REQUESTS ?? 200);
const rollups = 'supplier_performance_monthly, supplier_performance_total, supplier_performance_pending';

const bench = (await postgresDatabase()) ?? (await embeddedDatabase());
try {
  const db = bench.database.db;
  // A kept database (BENCH_KEEP_DATABASE) that already holds its lines is timed again as it is: no seed, no load.
  const reuse = bench.prepared === true;
  if (!reuse) await prepare(bench.database);
  const setup = await benchOrders(db);
  const { depts, today } = setup;
  const started = Date.now();
  for (let done = 0, chunk = 0; !reuse && done < totalLines; done += chunkLines, chunk++) {
    const lines = Math.min(chunkLines, totalLines - done);
    const count = Math.ceil(lines / linesPerOrder);
    const first = done / linesPerOrder;
    // Each chunk is a bulk load (migration 0048): one audit entry, not one per row, as an integration batch writes.
    await bulkLoad(db, 'demo', { job: 'bench:performance', lines }, async (trx) => {
      await orders(trx, setup, first, count);
      await orderLines(trx, first, count);
      // Receiving: one line per order line, one bill per order and day (a bill has one date); mostly on the promise, some late, some short, some rejected.
      await sql`INSERT INTO acceptance (tenant_id, bill_number, line_no, supp_code, dept_code, acc_date, po_bill_number, goods_code, category_code,
          brand_code, accepted_qty, price, amount, amount_excl, tax, tax_rate, rejected_qty)
        SELECT 'demo', 'R' || p.bill_number || '-' || late, l.line_no, p.supp_code, p.dept_code, p.delivery_date + late * 2,
          p.bill_number, l.goods_code, p.category_code, '', q, 2, q * 2, round(q * 2 / 1.13, 2), q * 2 - round(q * 2 / 1.13, 2), 13,
          CASE WHEN (o + l.line_no) % 17 = 0 THEN 1 ELSE 0 END
        FROM generate_series(${first}::bigint, ${first + count - 1}::bigint) o
        JOIN pur_order p ON p.tenant_id = 'demo' AND p.bill_number = 'PB' || lpad(o::text, 9, '0')
        JOIN pur_order_line l ON l.tenant_id = 'demo' AND l.bill_number = p.bill_number,
        LATERAL (SELECT CASE WHEN (o * 3 + l.line_no) % 11 = 0 THEN l.confirmed_qty - 2 ELSE l.confirmed_qty END AS q,
          ((o * 31 + l.line_no) % 9 = 0)::int AS late) x`.execute(trx);
    });
    // What autovacuum does on a real server (this machine's has it off): fresh statistics as the tables grow (after
    // chunks 1, 2, 4, 8..., else the triggers' look-ups are planned for empty tables, 30x slower at 100k lines), and
    // every 40th chunk the dead rows cleared. The triggers rewrite an order's perf_item rows and update the monthly
    // sums on every chunk: unvacuumed, 1M lines left 1.4M dead perf_item rows, 0.4M dead monthly and 0.7M dead pending
    // rows beside 1.2M, 0.2M and 0.09M live ones, and every read of them walked past the dead.
    if (chunk % 40 === 39) await sql`VACUUM ANALYZE pur_order, pur_order_line, acceptance, perf_item, ${sql.raw(rollups)}`.execute(db);
    else if ((chunk & (chunk + 1)) === 0) await sql`ANALYZE pur_order, pur_order_line, acceptance, perf_item`.execute(db);
    if (chunk % 40 === 39) console.log(`# ${done + lines} lines loaded (${round((Date.now() - started) / 1000, 1)} s)`);
  }
  const loadSeconds = (Date.now() - started) / 1000;
  if (!reuse) await sql`VACUUM ANALYZE`.execute(db);
  const counts = (
    await sql<{ lines: number; rows: number; pending: number }>`SELECT (SELECT count(*)::int FROM acceptance) AS lines,
      (SELECT count(*)::int FROM supplier_performance_monthly) AS rows, (SELECT count(*)::int FROM supplier_performance_pending) AS pending`.execute(
      db,
    )
  ).rows[0]!;
  console.log(
    `# ${bench.label}: ${counts.lines} receiving lines (` +
      (reuse
        ? `a kept database, loaded before`
        : `${totalLines} made here in ${round(loadSeconds, 1)} s with the triggers: ${round((totalLines / loadSeconds) | 0, 0)} lines/s`) +
      `); ${counts.rows} monthly rollup rows, ${counts.pending} pending rows`,
  );

  const month = today.slice(0, 7);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const firstMonth = new Date(Date.UTC(y, m - 12, 1)).toISOString().slice(0, 10);
  const year = { today, startMonth: firstMonth, endMonth: `${month}-01` };
  const supplierScope = { tenantId: 'demo', suppCode: '100001' };
  const tenantScope = { tenantId: 'demo', suppCode: null };

  async function time(name: string, run: () => Promise<unknown>) {
    for (let i = 0; i < 5; i++) await run();
    const took: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      await run();
      took.push(performance.now() - t0);
    }
    took.sort((a, b) => a - b);
    const p50 = percentile(took, 50);
    console.log(
      `${name.padEnd(52)} p50 ${round(p50, 2).toString().padStart(7)} ms   p95 ${round(percentile(took, 95), 2).toString().padStart(7)} ms`,
    );
    return p50;
  }

  const { app, url } = await serve(bench.database);
  try {
    const supplierToken = await loginToken(url, '100001');
    const adminToken = await loginToken(url, 'admin', true);
    const get = (token: string, path: string) =>
      fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    const post = (token: string, path: string, body: unknown) =>
      fetch(`${url}/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const check = (await get(supplierToken, '/supplierPerformance/overview')) as { data?: { year: { lines: number; otifRate: string } } };
    console.log(`# 100001's year: ${check.data?.year.lines} lines counted, OTIF ${check.data?.year.otifRate}%`);
    const rawSupplier = await time('supplier year, raw (months, year, stores, median)', () =>
      Promise.all([
        repo.figuresBy(db, supplierScope, year, 'month'),
        repo.figuresBy(db, supplierScope, year, 'all'),
        repo.figuresBy(db, supplierScope, { ...year, startMonth: `${month}-01` }, 'dept'),
        repo.medianConfirmHours(db, supplierScope, year),
      ]),
    );
    const httpSupplier = await time('supplier year, portal call GET overview', () => get(supplierToken, '/supplierPerformance/overview'));
    const rawRanking = await time('ranking of 201 suppliers over 12 months, raw', () =>
      repo.ranking(db, tenantScope, year, { field: 'otifRate', order: 'desc' }, { page: 1, limit: 20 }),
    );
    const httpRanking = await time('ranking, portal call (OTIF)', () =>
      post(adminToken, '/performanceRanking/getPage', { startMonth: firstMonth.slice(0, 7), endMonth: month, limit: 20 }),
    );
    await time('ranking, portal call (rejection rate, one store)', () =>
      post(adminToken, '/performanceRanking/getPage', {
        startMonth: firstMonth.slice(0, 7),
        endMonth: month,
        limit: 20,
        deptCode: depts[0],
        sort: { field: 'rejectionRate', order: 'asc' },
      }),
    );
    // A top-level category: the ranking sums the rows of its whole subtree.
    const root = (
      await sql<{
        code: string;
      }>`SELECT category_code AS code FROM category WHERE tenant_id = 'demo' AND coalesce(parent_category_code, '') = ''
        ORDER BY 1 LIMIT 1`.execute(db)
    ).rows[0]?.code;
    if (root)
      await time(`ranking, portal call (OTIF, category ${root} and below)`, () =>
        post(adminToken, '/performanceRanking/getPage', {
          startMonth: firstMonth.slice(0, 7),
          endMonth: month,
          limit: 20,
          categoryCode: root,
        }),
      );
    console.log(
      `# ratios portal/raw: supplier ${round(httpSupplier / rawSupplier, 2)}, ranking ${round(httpRanking / rawRanking, 2)}; aim: well under 100 ms at 10M lines`,
    );
  } finally {
    await app.close();
  }
} finally {
  await bench.database.close();
  await bench.dispose();
}
