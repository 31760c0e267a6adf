// npm run bench:reports — the report calls on a million receiving lines (BENCH_ROWS), under 20 concurrent
// requests, each beside the same SQL run directly on the database; and the CSV export's speed and memory
// beside PostgreSQL's own COPY.
import { execFile } from 'node:child_process';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { acceptance, dynamicQuery } from '@portal/contract';
import { to as copyTo } from 'pg-copy-streams';
import { growAcceptance } from '@portal/server/src/db/seed/business';
import * as accRepo from '@portal/server/src/modules/acceptance/repo';
import * as orderRepo from '@portal/server/src/modules/purchase-order/repo';
import { demoQueries } from '@portal/server/src/db/seed/dynamic-queries';
import { demoDefinitions } from '@portal/server/src/db/migrations/0060-report-rollups';
import { currentDefinitions } from '@portal/server/src/db/migrations/0061-query-pages-fewer-rows';
import { ReportRunner } from '@portal/server/src/modules/dynamic-query/runner';
import { bindOwnSupplier, bindValues } from '@portal/server/src/modules/dynamic-query/service';
import { parserReady, splitParams } from '@portal/server/src/modules/dynamic-query/sql-check';
import { loadConfig } from '@portal/server/src/config';
import { load } from '../lib/fork-load';
import { type BenchDatabase, embeddedDatabase, inlined, loginToken, postgresDatabase, prepare, serve } from '../lib/portal';
import { median, percentile, round, timeConcurrent } from '../lib/stats';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const connections = 20;
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const roundsPerCall = Number(process.env.BENCH_ROUNDS ?? 3);
const today = new Date();
const iso = (d: Date) => d.toISOString().slice(0, 10);
const yearAgo = iso(new Date(today.getTime() - 365 * 86_400_000));
const twoYearsAgo = iso(new Date(today.getTime() - 731 * 86_400_000));
const condition = { startDate: yearAgo, endDate: iso(today) };
const scope = { tenantId: 'demo', suppCode: '100001' };
type DetailSort = { field: acceptance.AccDetailSortField; order: 'asc' | 'desc' } | undefined;
const indexedSorts: DetailSort[] = [
  undefined,
  { field: 'accDate', order: 'asc' },
  { field: 'billNumber', order: 'desc' },
  { field: 'amount', order: 'desc' },
  { field: 'amount', order: 'asc' },
  { field: 'goodsCode', order: 'desc' },
  { field: 'deptCode', order: 'asc' },
];
const detailSorts: DetailSort[] =
  process.env.BENCH_DETAIL_SORTS === 'all'
    ? [
        undefined,
        ...acceptance.accDetailSortFields.flatMap((field) =>
          (acceptance.accDetailSortOrders[field] ?? (['asc', 'desc'] as const)).map((order) => ({ field, order })),
        ),
      ]
    : indexedSorts;

/** The call under 20 connections from a load generator in a process of its own (not this one, which serves it). */
async function http(url: string, token: string, body: object) {
  // 20 queued heavy reports can wait far beyond autocannon's default 10 s.
  const result = await load({
    url,
    connections,
    amount: requests,
    method: 'POST',
    timeoutSeconds: 300,
    headers: { token },
    body: JSON.stringify(body),
  });
  if (result.errors) throw new Error(`${url}: ${result.errors} errors or non-2xx answers`);
  return { p50: result.p50, p99: result.p99, mean: result.mean };
}

const runners = new Map<BenchDatabase, { now: ReportRunner; seeded: ReportRunner }>();
/** A demo query page's first 50 rows as 100001 through the portal's runner: its SQL now, or as first seeded. */
async function reportPage(bench: BenchDatabase, code: string, given: Record<string, string | string[]>, version: 'now' | 'seeded') {
  const settings = loadConfig().dynamicQuery;
  if (!runners.has(bench))
    runners.set(bench, {
      now: new ReportRunner(bench.database.reportPool, bench.database.db, settings),
      seeded: new ReportRunner(bench.database.reportPool, bench.database.db, {
        ...settings,
        maxCost: Number.MAX_VALUE,
        timeoutMs: 600_000,
      }),
    });
  const definition = demoQueries.find((q) => q.queryCode === code)!;
  const params = dynamicQuery.queryParam.array().parse(definition.params);
  await parserReady();
  const text = version === 'now' ? currentDefinitions[code]! : demoDefinitions.find(([c]) => c === code)![1];
  const values = bindValues(params, { ...given }, iso(today));
  bindOwnSupplier(params, values, scope.suppCode);
  const runner = runners.get(bench)![version];
  return runner.page(
    { tenantId: scope.tenantId, supplier: scope.suppCode },
    { split: splitParams(text), params, values, columns: dynamicQuery.queryColumn.array().parse(definition.columns) },
    { page: 1, limit: 50 },
  );
}

async function run(bench: BenchDatabase) {
  const db = bench.database.db;
  await prepare(bench.database, true, bench.prepared);
  const started = Date.now();
  // A kept database (BENCH_KEEP_DATABASE) that holds its lines already is timed as it is: ten million lines grow once.
  const count = bench.prepared
    ? (await sql<{ n: number }>`SELECT count(*)::int AS n FROM acceptance WHERE tenant_id = 'demo'`.execute(db)).rows[0]!.n
    : await growAcceptance(db, 'demo', rows);
  const grown = bench.prepared ? 'a kept database, not grown' : `grown in ${round((Date.now() - started) / 1000)} s`;
  console.log(
    `# ${bench.label}: ${count} receiving lines (${grown}), ${roundsPerCall} rounds of ${requests} requests per call, ${connections} concurrent (medians over the rounds)`,
  );
  const { app, url } = await serve(bench.database);
  const token = await loginToken(url, '100001');
  // Grouped statistics and totals come from the daily rollup: `lines` is the line-level SQL of the same figures,
  // printed beside them (speedup = its p50 over the call's).
  const calls: { name: string; path: string; body: object; raw: () => Promise<unknown>; lines?: () => Promise<unknown> }[] = [
    ...(['dept', 'goods', 'month'] as const).map((by) => ({
      name: `getAccCountByCondition(${by})`,
      path: '/api/acceptance/getAccCountByCondition',
      body: { ...condition, groupBy: by },
      raw: () => accRepo.groups(db, scope, condition, by, { page: 1, limit: 20 }),
      lines: () => accRepo.lineGroups(db, scope, condition, by, { page: 1, limit: 20 }),
    })),
    {
      name: 'getAccCountSumByCondition',
      path: '/api/acceptance/getAccCountSumByCondition',
      body: condition,
      raw: () => accRepo.totals(db, scope, condition),
      lines: () => accRepo.lineTotals(db, scope, condition),
    },
    // The detail's first page in its default sort and some others, each both ways of tie (BENCH_DETAIL_SORTS=all:
    // every sort the grid offers, both directions); `raw` is the page's SQL with its count.
    ...detailSorts.map((sort) => ({
      name: `getAccDetailInfo(${sort ? `${sort.field} ${sort.order}` : 'default'})`,
      path: '/api/acceptance/getAccDetailInfo',
      body: { ...condition, limit: 50, ...(sort ? { sort } : {}) },
      raw: () => accRepo.lineList.page(db, scope, condition, { page: 1, limit: 50, ...(sort ? { sort } : {}) }),
    })),
    // The demo's query pages over the daily rollup (migration 0060), first page of 50 as 100001; `raw` is the same run
    // through the runner, `lines` the definition as first seeded (over every line, its cost guard lifted).
    ...(
      [
        ['RECV_BY_STORE_MONTH', { period: [condition.startDate, condition.endDate] }],
        ['SLOW_MOVERS', { days: '60' }],
      ] as [string, Record<string, string | string[]>][]
    ).map(([code, params]) => ({
      name: `dynamicQuery.run(${code})`,
      path: '/api/dynamicQuery/run',
      body: { queryCode: code, params, limit: 50 },
      raw: () => reportPage(bench, code, params, 'now'),
      // BENCH_LINE_LEVEL=0 leaves out the seeded definitions (tens of seconds a run at ten million lines).
      ...(process.env.BENCH_LINE_LEVEL === '0' ? {} : { lines: () => reportPage(bench, code, params, 'seeded') }),
    })),
    {
      name: 'getPurOrderPage',
      path: '/api/purOrderBill/getPurOrderPage',
      body: { limit: 20 },
      raw: () => orderRepo.orderList.page(db, scope, {}, { page: 1, limit: 20 }),
    },
  ];
  // BENCH_CALLS=regex: only the calls whose names match (the export always runs).
  const only = process.env.BENCH_CALLS ? new RegExp(process.env.BENCH_CALLS) : undefined;
  for (const call of calls.filter((c) => !only || only.test(c.name))) {
    await timeConcurrent(call.raw, 20, connections); // warm-up
    // Rounds alternate raw SQL and the HTTP call, so that a slow moment of a shared machine hits both;
    // each figure is the median over the rounds.
    const rounds: { p50: number; p99: number; rawP50: number; ratio: number; meanRatio: number; linesP50: number }[] = [];
    for (let i = 0; i < roundsPerCall; i++) {
      const raw = await timeConcurrent(call.raw, requests, connections);
      const ours = await http(`${url}${call.path}`, token, call.body);
      const lines = call.lines ? await timeConcurrent(call.lines, requests, connections) : [];
      const rawP50 = percentile(raw, 50);
      const rawMean = raw.reduce((a, b) => a + b, 0) / raw.length;
      rounds.push({
        p50: ours.p50,
        p99: ours.p99,
        rawP50,
        ratio: ours.p50 / Math.max(rawP50, 0.1),
        meanRatio: ours.mean / Math.max(rawMean, 0.1),
        linesP50: lines.length ? percentile(lines, 50) : 0,
      });
    }
    const of = (key: keyof (typeof rounds)[number]) => median(rounds.map((r) => r[key]));
    // Under 20 concurrent the p50 depends on the order the pool's queue serves; the mean compares too: both ratios are printed.
    const fromLines = call.lines
      ? ` line-level-sql-p50-ms: ${round(of('linesP50'))} speedup: ${round(of('linesP50') / Math.max(of('p50'), 0.1), 1)}x`
      : '';
    console.log(
      `${call.name} ${bench.label} p50-ms: ${round(of('p50'))} p99-ms: ${round(of('p99'))} raw-p50-ms: ${round(of('rawP50'))} ratio: ${round(of('ratio'), 2)} mean-ratio: ${round(of('meanRatio'), 2)}${fromLines}`,
    );
  }

  // The export of all suppliers' two years (every line) and PostgreSQL's own COPY of the same query, alternately
  // BENCH_EXPORT_ROUNDS (3) times (whichever runs first warms the cache for the other), medians printed. The export is
  // read by curl in a process of its own: this process serves it, and a reader here would share its event loop.
  const staff = await loginToken(url, 'admin', true);
  const exportCondition = { startDate: twoYearsAgo, endDate: iso(today) };
  const query = inlined(accRepo.lineList.exportQuery(db, { tenantId: 'demo', suppCode: null }, exportCondition).compile());
  // BENCH_EXPORT_ROUNDS=0: no export.
  const exportRounds = Number(process.env.BENCH_EXPORT_ROUNDS ?? 3);
  const runs: { exportMs: number; copyMs: number; exportBytes: number; copyBytes: number; lines: number; growth: number }[] = [];
  for (let r = 0; r < exportRounds; r++) {
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    const rssBefore = process.memoryUsage().rss;
    const t0 = performance.now();
    const { stdout } = await promisify(execFile)('curl', [
      '-sS',
      '--fail',
      '-o',
      '/dev/null',
      '-w',
      '%{size_download}',
      '-H',
      `token: ${staff}`,
      '-H',
      'content-type: application/json',
      '--data',
      JSON.stringify(exportCondition),
      `${url}/api/acceptance/exportCsv`,
    ]);
    const exportMs = performance.now() - t0;
    clearInterval(sampler);

    const client = new pg.Client({ connectionString: bench.url });
    await client.connect();
    let lines = -1; // header
    let copyBytes = 0;
    const c0 = performance.now();
    await pipeline(
      client.query(copyTo(`COPY (${query}) TO STDOUT WITH (FORMAT csv, HEADER)`)),
      new Writable({
        write: (chunk: Buffer, _e, done) => {
          copyBytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
          done();
        },
      }),
    );
    const copyMs = performance.now() - c0;
    await client.end();
    runs.push({ exportMs, copyMs, exportBytes: Number(stdout), copyBytes, lines, growth: (peakRss - rssBefore) / 1048576 });
  }
  const med = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
  if (runs.length)
    console.log(
      `export-csv ${bench.label} rows: ${runs[0]!.lines} rows-per-s: ${Math.round(runs[0]!.lines / (med('exportMs') / 1000))} ` +
        `export-s: ${runs.map((r) => round(r.exportMs / 1000, 2)).join(', ')} copy-s: ${runs.map((r) => round(r.copyMs / 1000, 2)).join(', ')} ` +
        `copy-ratio: ${round(med('exportMs') / med('copyMs'), 2)} bytes export/copy: ${runs[0]!.exportBytes}/${runs[0]!.copyBytes} ` +
        `rss-growth-mb: ${Math.round(Math.max(...runs.map((r) => r.growth)))}`,
    );
  await app.close();
  await bench.database.close();
}

// BENCH_ENGINES=embedded or postgres runs one of them (default: both).
const engines = (process.env.BENCH_ENGINES ?? 'embedded,postgres').split(',');
for (const make of [embeddedDatabase, postgresDatabase].filter((_, i) => engines.includes(['embedded', 'postgres'][i]!))) {
  const bench = await make();
  if (!bench) {
    console.log('postgres skipped: no PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432');
    continue;
  }
  try {
    await run(bench);
  } finally {
    await bench.dispose();
  }
}
