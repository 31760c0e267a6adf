// npm run bench:ingest — receiving lines (BENCH_LINES, default 1,000,000) sent over HTTP to
// POST /api/integration/v1/receiving in batches of 5,000 lines (BENCH_DOC_LINES lines a document), by a client
// made through the admin call and a bearer token of the token call, on the default embedded PostgreSQL (a fresh
// cluster in a temp folder, seeded with the demo). The portal runs in a child process (ingest-server.ts) so its
// memory is its own. Printed: lines/s (over the whole run, and the median batch), the ratio to the same rows
// loaded by one COPY into a copy of the acceptance table and by COPYs of a batch's lines into acceptance itself
// (each rolled back) in the same run, the server's
// RSS and heap before and after (after a full GC) and its peak RSS, and the receiving totals call right after the
// last batch against a SQL sum (and against what was sent).
// Part 2: 20 concurrent batches updating overlapping documents with random versions; then no duplicate row, no
// lost update, and each document's final state is its highest version. Figures are printed, never asserted on time.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { sql } from 'kysely';
import { acceptance, fromUnits, integration, toUnits } from '@portal/contract';
import { businessDay } from '@portal/server/src/platform/clock';
import { embeddedDatabase, loginToken, prepare } from '../lib/portal';
import { seeded } from '../lib/seeded';
import { median, percentile, round } from '../lib/stats';
import type { ServerMemory } from './ingest-server';

const totalLines = Number(process.env.BENCH_LINES ?? 1_000_000);
const batchLines = 5_000;
const docLines = Number(process.env.BENCH_DOC_LINES ?? 5);
const inFlight = Number(process.env.BENCH_CONCURRENCY ?? 1);
const concurrentBatches = 20;
const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);

// ---------------------------------------------------------------------------------------------------------------
// The server in its own process

interface Server {
  url: string;
  memory(): Promise<ServerMemory>;
  /** The memory as it is, without collecting. */
  sample(): Promise<ServerMemory>;
  close(): Promise<void>;
}

async function startServer(databaseUrl: string): Promise<Server> {
  const script = fileURLToPath(new URL('./ingest-server.ts', import.meta.url));
  // BENCH_CPU_PROF=<folder>: the server writes a CPU profile there (node --cpu-prof) when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_SERVER_NODE_ARGS: more Node flags for the server (--trace-gc, a V8 heap flag), split at spaces.
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = fork(script, [databaseUrl], { execArgv: ['--import', 'tsx', '--expose-gc', ...profile, ...extra] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { address: string }) => resolve(m.address));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  let next = 0;
  const waiting = new Map<number, (m: { memory?: ServerMemory }) => void>();
  child.on('message', (m: { id?: number; memory?: ServerMemory }) => {
    if (m.id !== undefined) waiting.get(m.id)?.(m);
  });
  const ask = (what: 'memory' | 'sample' | 'close') =>
    new Promise<{ memory?: ServerMemory }>((resolve) => {
      const id = next++;
      waiting.set(id, (m) => (waiting.delete(id), resolve(m)));
      child.send({ id, ask: what });
    });
  return {
    url,
    memory: async () => (await ask('memory')).memory!,
    sample: async () => (await ask('sample')).memory!,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await ask('close');
      await exited;
    },
  };
}

/** The statements PostgreSQL logged (BENCH_LOG_MS), summed by their first words: where the database's time went. */
async function logFile() {
  const dir = (await sql<{ d: string }>`SELECT current_setting('data_directory') AS d`.execute(bench.database.db)).rows[0]!.d;
  return path.join(dir, 'server.log');
}
async function summarizeLog(from: number, to: number, what: string) {
  const text = fs
    .readFileSync(await logFile())
    .subarray(from, to)
    .toString('utf8');
  const byKind = new Map<string, { ms: number; n: number }>();
  for (const m of text.matchAll(/duration: ([\d.]+) ms\s+(?:statement|execute [^:]*): ([^\n]*)/g)) {
    const kind = m[2]!.replace(/\s+/g, ' ').slice(0, 110);
    const seen = byKind.get(kind) ?? { ms: 0, n: 0 };
    byKind.set(kind, { ms: seen.ms + Number(m[1]), n: seen.n + 1 });
  }
  console.log(`# statements PostgreSQL logged (over ${process.env.BENCH_LOG_MS} ms) during ${what}, by total time:`);
  for (const [kind, { ms, n }] of [...byKind].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
    console.log(`${round(ms, 0)} ms in ${n}: ${kind}`);
}

// ---------------------------------------------------------------------------------------------------------------

const bench = await embeddedDatabase();
let server: Server | undefined;
/** The folder of the rows COPYed out and back in, removed at the end whatever happens. */
let copyDir: string | undefined;
try {
  const db = bench.database.db;
  let t0 = performance.now();
  await prepare(bench.database);
  console.log(`# embedded PostgreSQL seeded with the demo in ${round((performance.now() - t0) / 1000, 1)} s`);
  // BENCH_LOG_MS=<ms>: PostgreSQL logs every statement slower than that; the slowest kinds are summed at the end.
  const logMs = process.env.BENCH_LOG_MS;
  if (logMs) {
    await sql`ALTER SYSTEM SET log_min_duration_statement = ${sql.lit(Number(logMs))}`.execute(db);
    await sql`ALTER SYSTEM SET log_parameter_max_length = 0`.execute(db);
    // With auto_explain where the cluster has it: the plans of those statements, with their triggers' time.
    const explain = await sql`LOAD 'auto_explain'`.execute(db).then(
      () => true,
      () => false,
    );
    if (explain) {
      await sql`ALTER SYSTEM SET session_preload_libraries = 'auto_explain'`.execute(db);
      await sql`ALTER SYSTEM SET auto_explain.log_min_duration = ${sql.lit(Number(logMs))}`.execute(db);
      await sql`ALTER SYSTEM SET auto_explain.log_analyze = on`.execute(db);
      await sql`ALTER SYSTEM SET auto_explain.log_triggers = on`.execute(db);
      await sql`ALTER SYSTEM SET auto_explain.log_nested_statements = on`.execute(db);
    }
    await sql`SELECT pg_reload_conf()`.execute(db);
  }
  server = await startServer(bench.url);
  const url = server.url;

  // What the documents name: the demo tenant's suppliers with their goods, and its stores.
  const goodsRows = (
    await sql<{ supp: string; goods: string }>`SELECT supp_code AS supp, goods_code AS goods FROM goods WHERE tenant_id = 'demo'
      ORDER BY supp_code, goods_code`.execute(db)
  ).rows;
  const bySupplier = new Map<string, string[]>();
  for (const r of goodsRows) bySupplier.set(r.supp, [...(bySupplier.get(r.supp) ?? []), r.goods]);
  const suppliers = [...bySupplier.keys()];
  const stores = (
    await sql<{
      code: string;
    }>`SELECT dept_code AS code FROM dept WHERE tenant_id = 'demo' AND dept_type = 'store' ORDER BY dept_code`.execute(db)
  ).rows.map((r) => r.code);

  // A client made through the admin call, and its token (renewed before its 15 minutes end).
  const staff = await loginToken(url, 'admin', true);
  const made = await fetch(`${url}/api${integration.createClient.path}`, {
    method: 'POST',
    headers: { token: staff, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench:ingest', scopes: ['receiving:write'], ratePerMinute: 100_000 }),
  });
  const client = ((await made.json()) as { data: integration.ClientWithSecret }).data;
  let token = '';
  let tokenAt = 0;
  const bearer = async () => {
    if (Date.now() - tokenAt > 10 * 60_000) {
      const res = await fetch(`${url}/api${integration.issueToken.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client.clientId, client_secret: client.clientSecret }),
      });
      token = ((await res.json()) as { access_token: string }).access_token;
      tokenAt = Date.now();
    }
    return token;
  };
  const send = async (documents: unknown[]): Promise<integration.BatchAnswer> => {
    const res = await fetch(`${url}/api${integration.ingestReceiving.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await bearer()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ documents }),
    });
    const answer = (await res.json()) as { data: integration.BatchAnswer; message?: string };
    if (res.status !== 200) throw new Error(`batch answered ${res.status}: ${answer.message}`);
    return answer.data;
  };

  // ---------------------------------------------------------------------------------------------------------
  // Part 1: the lines over HTTP

  const today = new Date();
  const days = Array.from({ length: 60 }, (_, i) => businessDay(new Date(today.getTime() - i * 86_400_000)));
  const random = seeded(28);
  let sentQtyMilli = 0n;
  let sentAmountCents = 0n;
  const batchOf = (b: number) => {
    const documents: integration.ReceivingDoc[] = [];
    for (let d = 0; d * docLines < batchLines; d++) {
      const supplier = random.pick(suppliers);
      const goods = bySupplier.get(supplier)!;
      const lines: integration.ReceivingDoc['lines'] = [];
      for (let l = 1; l <= docLines; l++) {
        const qty = random.int(1, 240);
        const priceCents = random.int(50, 9_999);
        sentQtyMilli += BigInt(qty) * 1000n;
        sentAmountCents += BigInt(qty * priceCents);
        lines.push({
          lineNo: l,
          goodsCode: random.pick(goods),
          qty: String(qty),
          freeQty: '0',
          rejectedQty: random.int(0, 20) === 0 ? '1' : '0',
          price: fromUnits(BigInt(priceCents), 2),
          amount: fromUnits(BigInt(qty * priceCents), 2),
        });
      }
      documents.push({
        key: `${b < 0 ? 'BW' : 'BI'}-${b}-${d}`,
        version: 1,
        supplierCode: supplier,
        storeCode: random.pick(stores),
        date: random.pick(days),
        lines,
      });
    }
    return documents;
  };

  const range = { startDate: days.at(-1)!, endDate: days[0]! };
  const reportTotals = async () => {
    const res = await fetch(`${url}/api${acceptance.getAccCountSumByCondition.path}`, {
      method: 'POST',
      headers: { token: staff, 'content-type': 'application/json' },
      body: JSON.stringify(range),
    });
    const answer = (await res.json()) as { data: { lineCount: number; qty: string; amount: string }; message?: string };
    if (res.status !== 200) throw new Error(`totals answered ${res.status}: ${answer.message}`);
    return answer.data;
  };
  const sqlTotals = async () =>
    (
      await sql<{ lines: number; qty: string; amount: string }>`SELECT count(*)::int AS lines, coalesce(sum(accepted_qty), 0)::text AS qty,
        coalesce(sum(amount), 0)::text AS amount FROM acceptance
        WHERE tenant_id = 'demo' AND acc_date BETWEEN ${range.startDate} AND ${range.endDate}`.execute(db)
    ).rows[0]!;
  const sameDecimal = (a: string, b: string) => toUnits(a, 3) === toUnits(b, 3);

  // A warm-up batch (its own keys, not counted) so the first timed batch does not pay for the first compile.
  await send(batchOf(-1).slice(0, 20));
  sentQtyMilli = 0n;
  sentAmountCents = 0n;
  const totalsBefore = await sqlTotals();
  const batches = Math.ceil(totalLines / batchLines);
  const memoryBefore = await server.memory();
  const logFrom = logMs ? fs.statSync(await logFile()).size : 0;
  const batchMs: number[] = [];
  const sampled = { rss: memoryBefore.rss, heapUsed: memoryBefore.heapUsed };
  let counts = { created: 0, refused: 0, other: 0 };
  let nextBatch = 0;
  t0 = performance.now();
  const worker = async () => {
    while (nextBatch < batches) {
      const b = nextBatch++;
      const documents = batchOf(b);
      const started = performance.now();
      const answer = await send(documents);
      batchMs.push(performance.now() - started);
      counts = {
        created: counts.created + answer.counts.created,
        refused: counts.refused + answer.counts.refused,
        other: counts.other + answer.counts.updated + answer.counts.unchanged + answer.counts.stale,
      };
      if (answer.counts.refused > 0) console.log(`batch ${b}: ${JSON.stringify(answer.results.find((r) => r.outcome === 'refused'))}`);
      if (b % 5 === 4) {
        const now = await server!.sample();
        sampled.rss = Math.max(sampled.rss, now.rss);
        sampled.heapUsed = Math.max(sampled.heapUsed, now.heapUsed);
      }
      if (b % 20 === 19)
        console.log(`  ${(b + 1) * batchLines} lines, ${round(((b + 1) * batchLines) / ((performance.now() - t0) / 1000), 0)} lines/s`);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = (performance.now() - t0) / 1000;
  const logTo = logMs ? fs.statSync(await logFile()).size : 0;
  const sentLines = batches * batchLines;
  // The totals call right after the last batch answered.
  const shown = await reportTotals();
  const memoryAfter = await server.memory();
  const summed = await sqlTotals();
  const sentQty = fromUnits(sentQtyMilli, 3);
  const sentAmount = fromUnits(sentAmountCents, 2);
  const deltaQty = fromUnits(toUnits(summed.qty, 3) - toUnits(totalsBefore.qty, 3), 3);
  const deltaAmount = fromUnits(toUnits(summed.amount, 2) - toUnits(totalsBefore.amount, 2), 2);

  console.log(
    `# ${sentLines} receiving lines in ${batches} batches of ${batchLines} (${batchLines / docLines} documents of ${docLines} lines), ${inFlight} in flight; ` +
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => round(l, 2))
        .join(' ')}`,
  );
  console.log(`outcomes: created ${counts.created} refused ${counts.refused} other ${counts.other}`);
  const linesPerSecond = sentLines / seconds;
  console.log(
    `ingest over HTTP: ${round(seconds, 1)} s, ${round(linesPerSecond, 0)} lines/s; median batch ${round(median(batchMs), 0)} ms ` +
      `(${round(batchLines / (median(batchMs) / 1000), 0)} lines/s), p90 ${round(
        percentile(
          [...batchMs].sort((a, b) => a - b),
          90,
        ),
        0,
      )} ms`,
  );
  console.log(
    `server CPU (the portal's own JavaScript: HTTP, JSON, validation, the service, pg's side): ${round((memoryAfter.cpuMs - memoryBefore.cpuMs) / batches, 0)} ms ` +
      `a batch, ${round((100 * (memoryAfter.cpuMs - memoryBefore.cpuMs)) / 1000 / seconds, 0)} % of the run's wall time`,
  );
  console.log(
    `server memory: rss ${mb(memoryBefore.rss)} -> ${mb(memoryAfter.rss)} MB (growth ${mb(memoryAfter.rss - memoryBefore.rss)} MB), ` +
      `heap ${mb(memoryBefore.heapUsed)} -> ${mb(memoryAfter.heapUsed)} MB (growth ${mb(memoryAfter.heapUsed - memoryBefore.heapUsed)} MB), ` +
      `peak rss ${mb(memoryAfter.maxRss)} MB (${mb(memoryAfter.maxRss - memoryBefore.rss)} MB over the start); ` +
      `every 5th batch during the run: rss up to ${mb(sampled.rss)} MB, heap up to ${mb(sampled.heapUsed)} MB`,
  );
  const totalsOk =
    shown.lineCount === summed.lines &&
    sameDecimal(shown.qty, summed.qty) &&
    sameDecimal(shown.amount, summed.amount) &&
    sameDecimal(deltaQty, sentQty) &&
    sameDecimal(deltaAmount, sentAmount);
  console.log(
    `totals call right after the last batch: ${shown.lineCount} lines, qty ${shown.qty}, amount ${shown.amount}; SQL sum: ${summed.lines} lines, ` +
      `qty ${summed.qty}, amount ${summed.amount}; added qty ${deltaQty} amount ${deltaAmount} (sent ${sentQty}, ${sentAmount}): ${totalsOk ? 'match' : 'MISMATCH'}`,
  );
  if (!totalsOk) process.exitCode = 1;

  if (logMs) await summarizeLog(logFrom, logTo, 'the batches over HTTP');
  // The same rows by COPY. One COPY of them into acceptance itself cannot run: its rollup trigger (migration 0021)
  // takes an advisory lock per bill, and a million lines' bills overflow PostgreSQL's lock table ("out of shared
  // memory"). So: one COPY into a copy of the table (its columns, defaults, keys and indexes; no rollup trigger), and
  // COPYs into acceptance itself, a batch's 5,000 lines each, every one in a transaction rolled back after.
  const columns = (
    await sql<{
      name: string;
    }>`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'acceptance'
      ORDER BY ordinal_position`.execute(db)
  ).rows.map((r) => r.name);
  copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
  const file = path.join(copyDir, 'rows.copy');
  const pgClient = new pg.Client({ connectionString: bench.url });
  pgClient.on('error', () => undefined); // the cluster stopping at the end
  await pgClient.connect();
  const selected = columns.map((c) => (c === 'bill_number' ? `'BC' || substr(bill_number, 3)` : c)).join(', ');
  await pipeline(
    pgClient.query(
      copyTo(
        `COPY (SELECT ${selected} FROM acceptance WHERE tenant_id = 'demo' AND bill_number LIKE 'BI-%' ORDER BY bill_number, line_no) TO STDOUT`,
      ),
    ),
    fs.createWriteStream(file),
  );
  await pgClient.query('CREATE TABLE bench_acceptance_copy (LIKE acceptance INCLUDING ALL)');
  await pgClient.query('CHECKPOINT');
  t0 = performance.now();
  await pipeline(fs.createReadStream(file), pgClient.query(copyFrom(`COPY bench_acceptance_copy (${columns.join(', ')}) FROM STDIN`)));
  const copySeconds = (performance.now() - t0) / 1000;
  const copied = Number((await pgClient.query('SELECT count(*) AS n FROM bench_acceptance_copy')).rows[0].n);
  await pgClient.query('DROP TABLE bench_acceptance_copy');
  // By batches into acceptance, with its triggers.
  const text = fs.readFileSync(file);
  const chunks: Buffer[] = [];
  for (let at = 0, lines = 0, from = 0; at < text.length; at++)
    if (text[at] === 10 && ++lines % batchLines === 0) {
      chunks.push(text.subarray(from, at + 1));
      from = at + 1;
    } else if (at === text.length - 1) chunks.push(text.subarray(from));
  let chunkSeconds = 0;
  for (const chunk of chunks) {
    await pgClient.query('BEGIN');
    const started = performance.now();
    const stream = pgClient.query(copyFrom(`COPY acceptance (${columns.join(', ')}) FROM STDIN`));
    await pipeline(async function* () {
      yield chunk;
    }, stream);
    chunkSeconds += (performance.now() - started) / 1000;
    await pgClient.query('ROLLBACK');
  }
  await pgClient.end();
  console.log(
    `one COPY of the same ${copied} rows into a copy of acceptance (keys and indexes, no rollup trigger): ${round(copySeconds, 1)} s, ` +
      `${round(copied / copySeconds, 0)} lines/s; ingest over HTTP / COPY: ${round(seconds / copySeconds, 2)}x the time`,
  );
  console.log(
    `COPY of the same rows into acceptance itself (rollup triggers), ${chunks.length} COPYs of ${batchLines} lines: ${round(chunkSeconds, 1)} s, ` +
      `${round(copied / chunkSeconds, 0)} lines/s; ingest over HTTP / these COPYs: ${round(seconds / chunkSeconds, 2)}x the time`,
  );

  // ---------------------------------------------------------------------------------------------------------
  // Part 2: concurrent batches on overlapping documents

  const keys = Array.from({ length: 200 }, (_, i) => `CC-${i}`);
  /** A document's content follows from its key and version: the same version is the same document. */
  const concurrentDoc = (i: number, version: number): integration.ReceivingDoc => ({
    key: keys[i]!,
    version,
    supplierCode: suppliers[i % suppliers.length]!,
    storeCode: stores[i % stores.length]!,
    date: days[i % days.length]!,
    lines: Array.from({ length: 1 + (version % 3) }, (_, l) => ({
      lineNo: l + 1,
      goodsCode: bySupplier.get(suppliers[i % suppliers.length]!)![l % bySupplier.get(suppliers[i % suppliers.length]!)!.length]!,
      qty: String((version % 997) + 1),
      freeQty: '0',
      rejectedQty: '0',
      price: '1.00',
      amount: `${(version % 997) + 1}.00`,
    })),
  });
  const rnd = seeded(2028);
  const sentBatches = Array.from({ length: concurrentBatches }, () => {
    const chosen = keys.map((_, i) => i).filter(() => rnd.int(0, 1) === 1);
    return chosen.map((i) => ({ i, version: rnd.int(1, 1_000_000) }));
  });
  t0 = performance.now();
  const answers = await Promise.all(sentBatches.map((batch) => send(batch.map(({ i, version }) => concurrentDoc(i, version)))));
  const concurrentSeconds = (performance.now() - t0) / 1000;
  const highest = new Map<number, number>();
  for (const batch of sentBatches) for (const { i, version } of batch) highest.set(i, Math.max(highest.get(i) ?? 0, version));
  const stored = await sql<{ key: string; version: string; lines: number; qty: string; dupes: number }>`
    SELECT d.doc_key AS key, d.version::text AS version,
      (SELECT count(*)::int FROM acceptance a WHERE a.tenant_id = 'demo' AND a.bill_number = d.doc_key) AS lines,
      (SELECT coalesce(min(accepted_qty), 0)::text FROM acceptance a WHERE a.tenant_id = 'demo' AND a.bill_number = d.doc_key) AS qty,
      (SELECT count(*)::int FROM integration_document e WHERE e.tenant_id = d.tenant_id AND e.entity = d.entity AND e.doc_key = d.doc_key) AS dupes
    FROM integration_document d WHERE d.tenant_id = 'demo' AND d.entity = 'receiving' AND d.doc_key LIKE 'CC-%'`.execute(db);
  const problems: string[] = [];
  if (stored.rows.length !== highest.size) problems.push(`${stored.rows.length} documents stored, ${highest.size} sent`);
  for (const row of stored.rows) {
    const i = Number(row.key.slice(3));
    const want = concurrentDoc(i, highest.get(i)!);
    if (Number(row.version) !== want.version)
      problems.push(`${row.key}: version ${row.version}, highest sent ${want.version} (lost update)`);
    if (row.lines !== want.lines.length) problems.push(`${row.key}: ${row.lines} lines, its highest version has ${want.lines.length}`);
    if (!sameDecimal(row.qty, want.lines[0]!.qty))
      problems.push(`${row.key}: qty ${row.qty}, its highest version says ${want.lines[0]!.qty}`);
    if (row.dupes !== 1) problems.push(`${row.key}: ${row.dupes} registry rows (duplicate)`);
  }
  const dupLines = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT bill_number, line_no FROM acceptance
    WHERE tenant_id = 'demo' AND bill_number LIKE 'CC-%' GROUP BY 1, 2 HAVING count(*) > 1) d`.execute(db);
  if (dupLines.rows[0]!.n > 0) problems.push(`${dupLines.rows[0]!.n} duplicate receiving lines`);
  // Each document's highest version was answered created or updated by some batch (or unchanged when it came twice).
  for (const [i, version] of highest) {
    const outcomes = sentBatches.flatMap((batch, b) =>
      batch.filter((d) => d.i === i && d.version === version).map(() => answers[b]!.results.find((r) => r.key === keys[i])!.outcome),
    );
    if (!outcomes.some((o) => o === 'created' || o === 'updated'))
      problems.push(`${keys[i]}: its highest version answered ${outcomes.join(',')}`);
  }
  const refused = answers.reduce((n, a) => n + a.counts.refused, 0);
  if (refused > 0) problems.push(`${refused} documents refused`);
  const after = await reportTotals();
  const afterSql = await sqlTotals();
  const rollupOk = after.lineCount === afterSql.lines && sameDecimal(after.qty, afterSql.qty) && sameDecimal(after.amount, afterSql.amount);
  if (!rollupOk) problems.push(`totals call ${after.lineCount}/${after.qty} against the SQL sum ${afterSql.lines}/${afterSql.qty}`);
  const perOutcome = answers.reduce(
    (c, a) => ({
      created: c.created + a.counts.created,
      updated: c.updated + a.counts.updated,
      unchanged: c.unchanged + a.counts.unchanged,
      stale: c.stale + a.counts.stale,
    }),
    { created: 0, updated: 0, unchanged: 0, stale: 0 },
  );
  console.log(
    `# ${concurrentBatches} concurrent batches over ${keys.length} documents (${sentBatches.reduce((n, b) => n + b.length, 0)} documents sent, random versions) ` +
      `in ${round(concurrentSeconds, 2)} s: ${JSON.stringify(perOutcome)}`,
  );
  console.log(
    problems.length === 0
      ? `concurrent check: ok (no duplicate, no lost update, every document at its highest version, totals call = SQL sum)`
      : `concurrent check: FAILED\n  ${problems.slice(0, 20).join('\n  ')}`,
  );
  if (problems.length > 0) process.exitCode = 1;
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  if (copyDir) fs.rmSync(copyDir, { recursive: true, force: true });
  await server?.close();
  if (process.env.BENCH_LOG_MS) {
    const kept = path.join(os.tmpdir(), 'bench-ingest-postgres.log');
    fs.copyFileSync(await logFile(), kept);
    console.log(`PostgreSQL's log (with auto_explain's plans where it has it): ${kept}`);
  }
  await bench.database.close();
  await bench.dispose();
}
