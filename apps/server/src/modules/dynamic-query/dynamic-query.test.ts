// Server-defined query pages: definitions checked at save and at run, the runner's scope whatever the SQL,
// parameter values that stay values, timeouts, public and private access, the menu entry of a published one.
import { type QueryDefinition, dynamicQuery, menu } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';
import { demoQueries } from '../../db/seed/dynamic-queries';
import { ReportRunner, type Runnable } from './runner';
import { parserReady, splitParams } from './sql-check';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ business: true, env: { DYNAMIC_QUERY_TIMEOUT_MS: '1500', DYNAMIC_QUERY_MAX_COST: '5000000' } });
});
afterAll(() => t.close());

const textColumn = (field: string) => ({ field, title: field, titleEn: '', type: 'text' as const, width: 120, fixed: null, format: null });

/** A definition reading receiving lines with no supplier condition at all. */
const unfiltered = (extra: Partial<QueryDefinition> = {}): QueryDefinition => ({
  queryCode: 'T_ALL_RECV',
  title: '全部验收',
  titleEn: '',
  description: '',
  descriptionEn: '',
  params: [],
  columns: [textColumn('supp_code'), textColumn('bill_number')],
  sql: 'SELECT supp_code, bill_number FROM acceptance',
  isPublic: false,
  ...extra,
});

const count = async (query: string) => (await sql<{ n: number }>`${sql.raw(query)}`.execute(t.database.db)).rows[0]!.n;

async function saveAndPublish(definition: QueryDefinition, targets = { roles: ['admin'], allSuppliers: true, suppliers: [] as string[] }) {
  const saved = await t.callAs('admin', dynamicQuery.saveDefinition, { body: { ...definition, isNew: true } });
  expect(saved.status, JSON.stringify(saved.envelope)).toBe(200);
  const published = await t.callAs('admin', dynamicQuery.publish, { body: { queryCode: definition.queryCode, ...targets } });
  expect(published.status, JSON.stringify(published.envelope)).toBe(200);
  return published.data;
}

describe('scope: the runner decides whose rows, not the SQL', () => {
  beforeAll(() => saveAndPublish(unfiltered()));

  it('shows a supplier only its own rows of a definition without any supplier condition', async () => {
    const own = await t.callAs('100001', dynamicQuery.run, { query: {}, body: { queryCode: 'T_ALL_RECV', limit: 1000 } });
    expect(own.status, JSON.stringify(own.envelope)).toBe(200);
    expect(own.data.total).toBe(await count(`SELECT count(*)::int AS n FROM acceptance WHERE tenant_id = 'demo' AND supp_code = '100001'`));
    expect(own.data.total).toBeGreaterThan(0);
    expect(new Set(own.data.list.map((r) => r.supp_code))).toEqual(new Set(['100001']));
    const other = await t.callAs('100002', dynamicQuery.run, { query: {}, body: { queryCode: 'T_ALL_RECV', limit: 5 } });
    expect(new Set(other.data.list.map((r) => r.supp_code))).toEqual(new Set(['100002']));
    // Staff read their whole tenant.
    const staff = await t.callAs('admin', dynamicQuery.run, { query: {}, body: { queryCode: 'T_ALL_RECV', limit: 5 } });
    expect(staff.data.total).toBe(
      Math.min(await count(`SELECT count(*)::int AS n FROM acceptance WHERE tenant_id = 'demo'`), t.config.dynamicQuery.rowCap),
    );
  });

  it('keeps the scope through the grid: column filters, checklists and exports of a supplier', async () => {
    const values = await t.callAs('100001', dynamicQuery.runColumnValues, {
      query: {},
      body: { queryCode: 'T_ALL_RECV', field: 'supp_code' },
    });
    expect(values.data.values).toEqual(['100001']);
    const filtered = await t.callAs('100001', dynamicQuery.run, {
      query: {},
      body: { queryCode: 'T_ALL_RECV', filters: { supp_code: { checks: ['100002'] } } },
    });
    expect(filtered.data.total).toBe(0);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/dynamicQuery/exportCsv',
      headers: { token: await tokenOf('100001') },
      payload: { queryCode: 'T_ALL_RECV' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n').slice(1);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.startsWith('100001,'))).toBe(true);
  });

  it('answers nothing of another tenant, whatever the SQL names', async () => {
    await sql`INSERT INTO tenant (id, name, company_name) VALUES ('other', '其他', '其他公司')`.execute(t.database.db);
    await sql`INSERT INTO dept (tenant_id, dept_code, dept_name, dept_type) VALUES ('other', 'X1', '外租户门店', 'store')`.execute(
      t.database.db,
    );
    const res = await t.callAs(null, dynamicQuery.run, { query: { tenantid: 'demo' }, body: { queryCode: 'STORE_LIST', limit: 100 } });
    expect(res.status).toBe(200);
    expect(res.data.list.map((r) => r.dept_code)).not.toContain('X1');
  });

  it('refuses the base tables, other schemas and the catalogue, at save', async () => {
    for (const text of [
      'SELECT employee_code AS supp_code, password_hash AS bill_number FROM account',
      'SELECT supp_code, bill_number FROM public.acceptance',
      'SELECT rolname AS supp_code, rolname AS bill_number FROM pg_roles',
      'SELECT usename AS supp_code, passwd AS bill_number FROM pg_catalog.pg_shadow',
      'SELECT table_name AS supp_code, table_name AS bill_number FROM information_schema.tables',
      'WITH pg_x AS (SELECT 1) SELECT supp_code, bill_number FROM acceptance',
    ]) {
      const res = await t.callAs('admin', dynamicQuery.saveDefinition, {
        body: { ...unfiltered({ queryCode: 'T_BAD', sql: text }), isNew: true },
      });
      expect(res.status, text).toBe(400);
      expect(res.envelope.message, text).toMatch(/^body\.sql: /);
    }
  });

  it('refuses supplier views in a public definition, and a public one never shows supplier rows', async () => {
    const res = await t.callAs('admin', dynamicQuery.saveDefinition, {
      body: { ...unfiltered({ queryCode: 'T_PUB', isPublic: true }), isNew: true },
    });
    expect(res.status).toBe(400);
    expect(res.envelope.message).toContain('公开查询不能读取供应商数据');
    // Even a CTE named like a harmless table cannot smuggle them in: it must read a supplier view itself.
    const cte = await t.callAs('admin', dynamicQuery.saveDefinition, {
      body: {
        ...unfiltered({
          queryCode: 'T_PUB2',
          isPublic: true,
          sql: 'WITH x AS (SELECT supp_code, bill_number FROM acceptance) SELECT * FROM x',
        }),
        isNew: true,
      },
    });
    expect(cte.status).toBe(400);
  });

  it('checks stored definitions again at run: one changed behind the designer’s back is refused', async () => {
    await saveAndPublish(unfiltered({ queryCode: 'T_TAMPERED' }));
    await sql`UPDATE dynamic_query SET sql_text = 'SELECT employee_code AS supp_code, password_hash AS bill_number FROM public.account'
      WHERE query_code = 'T_TAMPERED'`.execute(t.database.db);
    const res = await t.callAs('100001', dynamicQuery.run, { query: {}, body: { queryCode: 'T_TAMPERED' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.envelope)).not.toContain('scrypt');
  });

  it('reads nothing through the views when the scope is not set (the database, not the check, holds the wall)', async () => {
    expect(await count(`SELECT count(*)::int AS n FROM report.acceptance`)).toBe(0);
  });
});

describe('writes are refused at save and at run', () => {
  const attempts = [
    "INSERT INTO brand VALUES ('demo', 'X', 'x') RETURNING brand_code AS supp_code, brand_name AS bill_number",
    "UPDATE supplier SET status = '冻结' RETURNING supp_code, supp_name AS bill_number",
    'DELETE FROM acceptance RETURNING supp_code, bill_number',
    'COPY acceptance TO STDOUT',
    'SET ROLE postgres',
    'SELECT supp_code, bill_number FROM acceptance; DROP TABLE acceptance',
    'SELECT supp_code, bill_number FROM acceptance; SELECT 1',
    'WITH d AS (DELETE FROM acceptance RETURNING *) SELECT supp_code, bill_number FROM d',
    "SELECT pg_sleep(5)::text AS supp_code, '' AS bill_number",
    "SELECT set_config('portal.report_supplier', '*', true) AS supp_code, '' AS bill_number",
    "SELECT lo_import('/etc/passwd')::text AS supp_code, '' AS bill_number",
    "SELECT dblink('host=x', 'select 1')::text AS supp_code, '' AS bill_number",
    "SELECT current_setting('portal.report_tenant') AS supp_code, '' AS bill_number",
    "SELECT nextval('account_id_seq')::text AS supp_code, '' AS bill_number",
    'SELECT supp_code, bill_number INTO TEMP x FROM acceptance',
    'SELECT supp_code, bill_number FROM acceptance FOR UPDATE',
    "SELECT pg_catalog.pg_read_file('/etc/passwd') AS supp_code, '' AS bill_number",
    "SELECT 'x'::regclass::text AS supp_code, '' AS bill_number",
    'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n::text AS supp_code, n::text AS bill_number FROM r',
    'SELECT supp_code, bill_number FROM acceptance WHERE supp_code = $1',
  ];

  it.each(attempts)('refuses at save: %s', async (text) => {
    const res = await t.callAs('admin', dynamicQuery.saveDefinition, {
      body: { ...unfiltered({ queryCode: 'T_WRITE', sql: text }), isNew: true },
    });
    expect(res.status).toBe(400);
    expect(res.envelope.message).toMatch(/^body\.sql: /);
    const test = await t.callAs('admin', dynamicQuery.testRun, { body: { definition: unfiltered({ sql: text }) } });
    expect(test.status).toBe(400);
  });

  it('refuses them at run when stored anyway, and the data stays', async () => {
    await saveAndPublish(unfiltered({ queryCode: 'T_STORED_WRITE' }));
    const before = await count(`SELECT count(*)::int AS n FROM acceptance`);
    for (const text of attempts) {
      await sql`UPDATE dynamic_query SET sql_text = ${text} WHERE query_code = 'T_STORED_WRITE'`.execute(t.database.db);
      const res = await t.callAs('admin', dynamicQuery.run, { query: {}, body: { queryCode: 'T_STORED_WRITE' } });
      expect(res.status, text).toBe(400);
    }
    expect(await count(`SELECT count(*)::int AS n FROM acceptance`)).toBe(before);
  });

  it('runs in a read-only transaction on a role that reads the report views only', async () => {
    // The runner's own session: a write there fails in the database itself, whatever the check let through.
    const rows = await sql<{ ro: string; role: string }>`SELECT 1`.execute(t.database.db);
    expect(rows.rows).toHaveLength(1);
    const client = await t.database.reportPool.connect();
    try {
      await client.query('BEGIN READ ONLY');
      await client.query('SET LOCAL ROLE portal_report_reader');
      await expect(client.query('SELECT count(*) FROM public.account')).rejects.toThrow(/permission denied/);
      await client.query('ROLLBACK');
      await client.query('BEGIN READ ONLY');
      await expect(client.query("INSERT INTO brand VALUES ('demo', 'RO', 'ro')")).rejects.toThrow(/read-only/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('parameter values are values', () => {
  const byCity: QueryDefinition = {
    queryCode: 'T_BY_CITY',
    title: '按城市',
    titleEn: '',
    description: '',
    descriptionEn: '',
    params: [{ name: 'city', label: '城市', labelEn: '', type: 'text', required: false, defaultValue: '', options: [], lookup: null }],
    columns: [textColumn('dept_code'), textColumn('city')],
    sql: "SELECT dept_code, city FROM store WHERE city = :city OR :city = 'everything'",
    isPublic: false,
  };
  beforeAll(() => saveAndPublish(byCity));

  it.each(['1; DROP TABLE acceptance; --', "' OR '1'='1", "上海' OR 1=1 --", "x'); DELETE FROM brand; --"])(
    '%s finds nothing and drops nothing',
    async (value) => {
      const res = await t.callAs('admin', dynamicQuery.run, { query: {}, body: { queryCode: 'T_BY_CITY', params: { city: value } } });
      expect(res.status).toBe(200);
      expect(res.data.total).toBe(0);
      expect(await count(`SELECT count(*)::int AS n FROM acceptance`)).toBeGreaterThan(0);
      expect(await count(`SELECT count(*)::int AS n FROM brand`)).toBeGreaterThan(0);
    },
  );

  it('binds a real value', async () => {
    const res = await t.callAs('admin', dynamicQuery.run, { query: {}, body: { queryCode: 'T_BY_CITY', params: { city: '上海' } } });
    expect(res.data.total).toBe(await count(`SELECT count(*)::int AS n FROM dept WHERE tenant_id = 'demo' AND city = '上海'`));
    expect(res.data.total).toBeGreaterThan(0);
  });

  it('answers bad values with a 400 naming the parameter', async () => {
    const cases: [Record<string, string | string[]>, RegExp][] = [
      [{ nothing: 'x' }, /body\.params\.nothing/],
      [{ city: 'a'.repeat(201) }, /body\.params/],
      [{ constructor: 'x' }, /body\.params\.constructor/],
      [{ city: 'a\u0000b' }, /空字符/],
      [{ city: ['a', 'b'] }, /body\.params\.city/],
    ];
    for (const [params, message] of cases) {
      const res = await t.callAs('admin', dynamicQuery.run, { query: {}, body: { queryCode: 'T_BY_CITY', params } });
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.envelope.message).toMatch(message);
    }
    const demo = demoQueries.find((q) => q.queryCode === 'RECV_BY_STORE_MONTH')!;
    for (const period of [
      ['2025-02-30', ''],
      ['2025-13-01', ''],
      ['2025-06-01', '2025-05-01'],
      ['yesterday', ''],
    ]) {
      const res = await t.callAs('admin', dynamicQuery.run, { query: {}, body: { queryCode: demo.queryCode, params: { period } } });
      expect(res.status, period.join()).toBe(400);
      expect(res.envelope.message).toMatch(/body\.params\.period/);
    }
  });

  it('refuses sort and filter fields that are not columns', async () => {
    for (const field of ['constructor', '__proto__', 'password_hash', 'city; drop']) {
      const res = await t.callAs('admin', dynamicQuery.run, { query: {}, body: { queryCode: 'T_BY_CITY', sort: { field, order: 'asc' } } });
      expect(res.status, field).toBe(400);
      const filtered = await t.callAs('admin', dynamicQuery.run, {
        query: {},
        body: { queryCode: 'T_BY_CITY', filters: { [field]: { fType1: 'contains', fVal1: 'x' } } },
      });
      expect(filtered.status, field).toBe(400);
    }
  });
});

describe('supplier parameters', () => {
  const param = (name: string, type: 'supplier' | 'multiSelect', lookup: 'supplier' | null = null) => ({
    name,
    label: name,
    labelEn: '',
    type,
    required: false,
    defaultValue: '',
    options: [],
    lookup,
  });
  const bySupplier: QueryDefinition = {
    ...unfiltered(),
    queryCode: 'T_BY_SUPPLIER',
    params: [param('supplier', 'supplier'), param('suppliers', 'multiSelect', 'supplier')],
    sql: 'SELECT supp_code, bill_number FROM acceptance WHERE (:supplier IS NULL OR supp_code = :supplier) AND (:suppliers IS NULL OR supp_code = ANY(:suppliers))',
  };
  beforeAll(() => saveAndPublish(bySupplier));
  const suppliersOf = (list: Record<string, unknown>[]) => new Set(list.map((r) => r.supp_code));
  const ofSupplier = (code: string) =>
    count(`SELECT count(*)::int AS n FROM acceptance WHERE tenant_id = 'demo' AND supp_code = '${code}'`);

  it('narrows staff to the supplier chosen', async () => {
    const one = await t.callAs('admin', dynamicQuery.run, {
      query: {},
      body: { queryCode: 'T_BY_SUPPLIER', params: { supplier: '100002' } },
    });
    expect(one.status, JSON.stringify(one.envelope)).toBe(200);
    expect(suppliersOf(one.data.list)).toEqual(new Set(['100002']));
    expect(one.data.total).toBe(await ofSupplier('100002'));
    const several = await t.callAs('admin', dynamicQuery.run, {
      query: {},
      body: { queryCode: 'T_BY_SUPPLIER', params: { suppliers: ['100001', '100002'] }, limit: 1000 },
    });
    // Both suppliers' lines and no other's: the count is exact, whichever rows the page (no ORDER BY) holds.
    expect(several.data.total).toBe((await ofSupplier('100001')) + (await ofSupplier('100002')));
    expect([...suppliersOf(several.data.list)].filter((code) => code !== '100001' && code !== '100002')).toEqual([]);
  });

  it("binds a supplier account's supplier parameters to its own supplier, whatever it sends", async () => {
    const own = await ofSupplier('100001');
    expect(own).toBeGreaterThan(0);
    const sent: Record<string, string | string[]>[] = [
      {},
      { supplier: '100002' },
      { suppliers: ['100002'] },
      { supplier: '', suppliers: [] },
    ];
    for (const params of sent) {
      const res = await t.callAs('100001', dynamicQuery.run, { query: {}, body: { queryCode: 'T_BY_SUPPLIER', params, limit: 5 } });
      expect(res.status, JSON.stringify(params)).toBe(200);
      expect(res.data.total, JSON.stringify(params)).toBe(own);
      expect(suppliersOf(res.data.list)).toEqual(new Set(['100001']));
    }
    // The designer's test run as a supplier binds them the same way.
    const sample = await t.callAs('admin', dynamicQuery.testRun, {
      body: { definition: bySupplier, params: { supplier: '100002' }, asSupplier: '100001' },
    });
    expect(sample.status, JSON.stringify(sample.envelope)).toBe(200);
    expect(sample.data.total).toBe(own);
  });
});

describe('validation at save', () => {
  it('names an undeclared parameter and a declared column the SQL does not return', async () => {
    const undeclared = await t.callAs('admin', dynamicQuery.saveDefinition, {
      body: {
        ...unfiltered({ queryCode: 'T_V1', sql: 'SELECT supp_code, bill_number FROM acceptance WHERE dept_code = :store' }),
        isNew: true,
      },
    });
    expect(undeclared.status).toBe(400);
    expect(undeclared.envelope.message).toContain(':store 未声明');
    const missing = await t.callAs('admin', dynamicQuery.saveDefinition, {
      body: { ...unfiltered({ queryCode: 'T_V2', columns: [textColumn('supp_code'), textColumn('amount_total')] }), isNew: true },
    });
    expect(missing.status).toBe(400);
    expect(missing.envelope.message).toContain('amount_total');
    const unknownColumn = await t.callAs('admin', dynamicQuery.saveDefinition, {
      body: { ...unfiltered({ queryCode: 'T_V3', sql: 'SELECT supp_code, no_such_column AS bill_number FROM acceptance' }), isNew: true },
    });
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.envelope.message).toContain('no_such_column');
  });

  it('accepts every demo definition as it stands', async () => {
    for (const q of demoQueries) {
      const res = await t.callAs('admin', dynamicQuery.testRun, {
        body: { definition: { ...q, params: q.params as QueryDefinition['params'], columns: q.columns as QueryDefinition['columns'] } },
      });
      expect(res.status, `${q.queryCode}: ${JSON.stringify(res.envelope)}`).toBe(200);
      expect(res.data.elapsedMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('is refused to supplier accounts and to staff without the designer module', async () => {
    expect((await t.callAs('100001', dynamicQuery.listDefinitions, { body: {} })).status).toBe(403);
    expect((await t.callAs('buyer01', dynamicQuery.listDefinitions, { body: {} })).status).toBe(403);
  });
});

describe('time and cost limits', () => {
  const heavy = (queryCode: string, text: string): QueryDefinition => ({
    ...unfiltered({ queryCode, sql: text }),
    columns: [textColumn('n'), textColumn('m')],
  });

  it('refuses a query the planner expects to be far too costly, with a clear message', async () => {
    const res = await t.callAs('admin', dynamicQuery.testRun, {
      body: {
        definition: heavy('T_COST', 'SELECT count(*)::text AS n, 1::text AS m FROM acceptance a, acceptance b, acceptance c, acceptance d'),
      },
    });
    expect(res.status).toBe(400);
    expect(res.envelope.message).toContain('查询预计开销过大');
  });

  it('stops a slow query at the timeout and stays healthy', async () => {
    // Cheap to plan, slow to run: a regular expression over every pair of receiving lines.
    const slow = heavy(
      'T_SLOW',
      "SELECT count(*)::text AS n, 1::text AS m FROM acceptance a JOIN acceptance b ON (a.bill_number || b.bill_number) ~ '^(a+)+$' ",
    );
    const started = Date.now();
    const res = await t.callAs('admin', dynamicQuery.testRun, { body: { definition: slow } });
    expect(res.status, JSON.stringify(res.envelope)).toBe(400);
    expect(res.envelope.message).toContain('查询超时');
    expect(Date.now() - started).toBeLessThan(10_000);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const after = await t.callAs('100001', dynamicQuery.run, { query: {}, body: { queryCode: 'STORE_LIST' } });
    expect(after.status).toBe(200);
  });
});

describe('public and private definitions', () => {
  it('answers a public definition without a token, in the tenant given', async () => {
    const page = await t.callAs(null, dynamicQuery.getPageDefinition, { query: { queryCode: 'STORE_LIST', tenantid: 'demo' } });
    expect(page.status).toBe(200);
    expect(page.data.title).toBe('门店与配送中心');
    expect(JSON.stringify(page.data)).not.toContain('SELECT');
    const res = await t.callAs(null, dynamicQuery.run, { query: { tenantid: 'demo' }, body: { queryCode: 'STORE_LIST' } });
    expect(res.status).toBe(200);
    expect(res.data.total).toBe(await count(`SELECT count(*)::int AS n FROM dept WHERE tenant_id = 'demo'`));
  });

  it('answers a private definition 401 without a token and 403 to a caller without its module', async () => {
    expect(
      (await t.callAs(null, dynamicQuery.run, { query: { tenantid: 'demo' }, body: { queryCode: 'RECV_BY_STORE_MONTH' } })).status,
    ).toBe(401);
    expect((await t.callAs(null, dynamicQuery.getPageDefinition, { query: { tenantid: 'demo', queryCode: 'SLOW_MOVERS' } })).status).toBe(
      401,
    );
    expect((await t.callAs({ token: 'stale' }, dynamicQuery.run, { query: {}, body: { queryCode: 'SLOW_MOVERS' } })).status).toBe(401);
    // The child account 100001-01 was not granted the demo entries by its main account.
    expect((await t.callAs('100001-01', dynamicQuery.run, { query: {}, body: { queryCode: 'SLOW_MOVERS' } })).status).toBe(403);
    expect((await t.callAs(null, dynamicQuery.run, { query: { tenantid: 'demo' }, body: { queryCode: 'NO_SUCH' } })).status).toBe(404);
  });
});

describe('publishing', () => {
  it("offers the designer its tenant's staff roles to publish to (suppliers come from the supplier picker)", async () => {
    const options = await t.callAs('admin', dynamicQuery.publishTargetOptions);
    expect(options.status).toBe(200);
    expect(options.data).toEqual({ roles: expect.arrayContaining([{ roleCode: 'buyer', roleName: '采购员' }]) });
    expect((await t.callAs('100001', dynamicQuery.publishTargetOptions)).status).toBe(403);
  });

  it('adds an entry named dynamic to the menus of the chosen supplier and role only', async () => {
    const summary = await saveAndPublish(unfiltered({ queryCode: 'T_ONLY_1' }), {
      roles: ['buyer'],
      allSuppliers: false,
      suppliers: ['100001'],
    });
    expect(summary.moudleCode).toBe('dq_demo_T_ONLY_1');
    const entries = async (user: string) =>
      (await t.callAs(user, menu.queryMerchantsModuleList, { query: {} })).data
        .flatMap((m) => [m, ...m.children])
        .filter((m) => m.name === 'dynamic')
        .map((m) => m.path);
    expect(await entries('100001')).toContain('dynamic/query/T_ONLY_1');
    expect(await entries('100002')).not.toContain('dynamic/query/T_ONLY_1');
    expect(await entries('buyer01')).toContain('dynamic/query/T_ONLY_1');
    expect((await t.callAs('100002', dynamicQuery.run, { query: {}, body: { queryCode: 'T_ONLY_1' } })).status).toBe(403);
    // No target takes the entry away.
    await t.callAs('admin', dynamicQuery.publish, { body: { queryCode: 'T_ONLY_1', roles: [], allSuppliers: false, suppliers: [] } });
    expect(await entries('100001')).not.toContain('dynamic/query/T_ONLY_1');
    expect((await t.callAs('100001', dynamicQuery.run, { query: {}, body: { queryCode: 'T_ONLY_1' } })).status).toBe(403);
  });

  it("gives the entry the definition's English title, and follows a change of it", async () => {
    const definition = unfiltered({ queryCode: 'T_EN_1', titleEn: 'All receiving' });
    await saveAndPublish(definition);
    const entry = async () =>
      (await t.callAs('admin', menu.queryMerchantsModuleList, { query: {} })).data
        .flatMap((m) => [m, ...m.children])
        .find((m) => m.path === 'dynamic/query/T_EN_1')!;
    expect((await entry()).meta).toMatchObject({ title: '全部验收', titleEn: 'All receiving' });
    await t.callAs('admin', dynamicQuery.saveDefinition, { body: { ...definition, titleEn: 'Every receiving line', isNew: false } });
    expect((await entry()).meta.titleEn).toBe('Every receiving line');
  });

  it('keeps the English description, parameter labels and column titles, and answers them to the query page', async () => {
    const definition: QueryDefinition = {
      ...unfiltered({ queryCode: 'T_EN_2', titleEn: 'By store', description: '按门店', descriptionEn: 'Per store' }),
      params: [
        { name: 'city', label: '城市', labelEn: 'City', type: 'text', required: false, defaultValue: '', options: [], lookup: null },
        {
          name: 'kind',
          label: '类型',
          labelEn: 'Kind',
          type: 'select',
          required: false,
          defaultValue: '',
          options: [
            { value: 'S', label: '门店', labelEn: 'Store' },
            { value: 'D', label: '配送中心', labelEn: '' },
          ],
          lookup: null,
        },
      ],
      columns: [{ ...textColumn('dept_code'), title: '门店编码', titleEn: 'Store code' }, textColumn('city')],
      sql: 'SELECT dept_code, city FROM store WHERE (:city IS NULL OR city = :city) AND (:kind IS NULL OR :kind IS NOT NULL)',
    };
    await saveAndPublish(definition);
    const stored = (await t.callAs('admin', dynamicQuery.getDefinition, { query: { queryCode: 'T_EN_2' } })).data;
    expect(stored).toMatchObject({
      descriptionEn: 'Per store',
      params: [{ labelEn: 'City' }, { labelEn: 'Kind', options: [{ labelEn: 'Store' }, { labelEn: '' }] }],
      columns: [{ titleEn: 'Store code' }, { titleEn: '' }],
    });
    const page = await t.callAs('100001', dynamicQuery.getPageDefinition, { query: { queryCode: 'T_EN_2' } });
    expect(page.data).toMatchObject({
      titleEn: 'By store',
      descriptionEn: 'Per store',
      params: [
        { label: '城市', labelEn: 'City' },
        {
          options: [
            { label: '门店', labelEn: 'Store' },
            { label: '配送中心', labelEn: '' },
          ],
        },
      ],
    });
    expect(page.data.columns.map((c) => [c.title, c.titleEn])).toEqual([
      ['门店编码', 'Store code'],
      ['city', ''],
    ]);
    // A client that knows nothing of English texts saves as before, and a change clears what it leaves out.
    const { descriptionEn: _d, ...chineseOnly } = definition;
    const resaved = await t.callAs('admin', dynamicQuery.saveDefinition, {
      body: {
        ...chineseOnly,
        params: [
          { ...definition.params[0]!, labelEn: undefined },
          { ...definition.params[1]!, options: definition.params[1]!.options.map(({ labelEn: _l, ...o }) => o) },
        ],
        isNew: false,
      } as never,
    });
    expect(resaved.status, JSON.stringify(resaved.envelope)).toBe(200);
    const after = (await t.callAs('100001', dynamicQuery.getPageDefinition, { query: { queryCode: 'T_EN_2' } })).data;
    expect(after).toMatchObject({ descriptionEn: '', params: [{ labelEn: '' }, { options: [{ labelEn: '' }, { labelEn: '' }] }] });
  });

  it('gives every demo definition English texts for its description, parameters and columns', () => {
    for (const q of demoQueries) {
      const definition = dynamicQuery.queryDefinition.parse(q);
      expect(definition.descriptionEn, q.queryCode).not.toBe('');
      for (const p of definition.params) {
        expect(p.labelEn, `${q.queryCode}.${p.name}`).toMatch(/^[\x20-\x7e]+$/);
        for (const o of p.options) expect(o.labelEn, `${q.queryCode}.${p.name}.${o.value}`).toMatch(/^[\x20-\x7e]+$/);
      }
      for (const c of definition.columns) expect(c.titleEn, `${q.queryCode}.${c.field}`).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('keeps every demo entry in the supplier’s menu under 报表查询', async () => {
    const reports = (await t.callAs('100001', menu.queryMerchantsModuleList, { query: {} })).data.find((m) => m.moudleCode === 'ms0020')!;
    expect(reports.children.filter((c) => c.name === 'dynamic').map((c) => c.moudleCode)).toEqual(
      expect.arrayContaining(['ms0101', 'ms0102', 'ms0103', 'ms0104']),
    );
  });
});

const tokens = new Map<string, string>();
async function tokenOf(user: string): Promise<string> {
  if (!tokens.has(user)) {
    const { tokenFor } = await import('../../test/helpers');
    tokens.set(user, await tokenFor(t.app, user));
  }
  return tokens.get(user)!;
}

describe("exports in the user's language", () => {
  beforeAll(() =>
    saveAndPublish(
      unfiltered({
        queryCode: 'T_LANG',
        title: '验收单列表',
        titleEn: 'Receiving notes',
        columns: [
          { ...textColumn('supp_code'), title: '供应商编码', titleEn: 'Supplier code' },
          { ...textColumn('bill_number'), title: '单号' },
        ],
      }),
    ),
  );

  const exported = async (url: string, language?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { token: await tokenOf('100001'), ...(language ? { 'accept-language': language } : {}) },
      payload: { queryCode: 'T_LANG' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { res, name: decodeURIComponent(String(res.headers['content-disposition'])) };
  };

  it('titles the file and its columns in English for English (the Chinese title where a column has none), in Chinese otherwise', async () => {
    const chinese = await exported('/api/dynamicQuery/exportCsv');
    expect(chinese.name).toMatch(/''验收单列表_\d{8}\.csv$/);
    expect(chinese.res.body.replace('\uFEFF', '').split('\n')[0]).toBe('供应商编码,单号');
    const english = await exported('/api/dynamicQuery/exportCsv', 'en');
    expect(english.name).toMatch(/''Receiving notes_\d{8}\.csv$/);
    const [header, ...rows] = english.res.body.replace('\uFEFF', '').trim().split('\n');
    expect(header).toBe('Supplier code,单号');
    expect(rows).toEqual(chinese.res.body.replace('\uFEFF', '').trim().split('\n').slice(1));
    const xlsx = await exported('/api/dynamicQuery/exportExcel', 'en');
    expect(xlsx.name).toMatch(/''Receiving notes_\d{8}\.xlsx$/);
  });
});

describe('exports in the order of the screen', () => {
  const body = { queryCode: 'RECV_BY_STORE_MONTH', params: { stores: ['S0201'] } };
  const screen = async (extra: object = {}) => {
    const res = await t.callAs('admin', dynamicQuery.run, { query: {}, body: { ...body, ...extra, limit: 1000 } });
    expect(res.status, JSON.stringify(res.envelope)).toBe(200);
    return res.data.list.map((r) => [r.supp_code, r.dept_code, r.month].join(','));
  };
  const exported = async (extra: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dynamicQuery/exportCsv',
      headers: { token: await tokenFor(t.app, 'admin', { staff: true }) },
      payload: { ...body, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body
      .replace('\uFEFF', '')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',').slice(0, 4))
      .map(([supplier, store, , month]) => [supplier, store, month].join(','));
  };

  it("keeps the definition's own order when the grid has no sort (months descending, not grouped by supplier)", async () => {
    const shown = await screen();
    expect(new Set(shown.map((r) => r.split(',')[0])).size).toBeGreaterThan(1);
    expect(await exported()).toEqual(shown);
  });

  it("reads as the screen read page by page: rows that tie on the definition's order keep one order across pages and the export", async () => {
    const pages: string[] = [];
    for (let page = 1; ; page++) {
      const res = await t.callAs('admin', dynamicQuery.run, { query: {}, body: { ...body, page, limit: 5 } });
      expect(res.status, JSON.stringify(res.envelope)).toBe(200);
      pages.push(...res.data.list.map((r) => [r.supp_code, r.dept_code, r.month].join(',')));
      if (pages.length >= res.data.total || res.data.list.length === 0) break;
    }
    expect(new Set(pages).size).toBe(pages.length);
    expect(await exported()).toEqual(pages);
  });

  it("follows the grid's sort", async () => {
    const sort = { sort: { field: 'amount', order: 'desc' } };
    expect(await exported(sort)).toEqual(await screen(sort));
  });
});

describe("the demo's receiving definitions read the rollup (migration 0060)", () => {
  const period = ['2000-01-01', '2099-12-31'];
  const same = (v: unknown) => (v === null ? null : String(Number(v)));
  const rowsOf = (list: Record<string, unknown>[], fields: string[]) =>
    list.map((r) => fields.map((f) => (typeof r[f] === 'string' && /^-?\d/.test(r[f] as string) ? same(r[f]) : r[f])).join('|')).sort();

  it('gives the figures of the lines themselves: notes, quantity, amount and tax per store and month, with and without a goods item', async () => {
    expect(demoQueries.find((q) => q.queryCode === 'RECV_BY_STORE_MONTH')!.sql).toMatch(
      /FROM acceptance_monthly m.*FROM acceptance_daily a/s,
    );
    const goods = (
      await sql<{ g: string }>`SELECT goods_code AS g FROM acceptance WHERE tenant_id = 'demo' AND supp_code = '100001' LIMIT 1`.execute(
        t.database.db,
      )
    ).rows[0]!.g;
    // Whole months come from the monthly rollup and the days of the months the period cuts from the daily one; the
    // month a period ends in counts whole when nothing came later in it (migration 0061: a period up to today).
    const cut = ['2025-03-17', '2026-02-09'];
    const inOneMonth = ['2025-06-03', '2025-06-21'];
    const today = (
      await sql<{ d: string }>`SELECT to_char((now() AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS d`.execute(t.database.db)
    ).rows[0]!.d;
    const monthStart = `${today.slice(0, 8)}01`;
    for (const params of [
      { period },
      { period, goods },
      { period: cut },
      { period: cut, goods },
      { period: inOneMonth },
      { period: ['2025-03-17', ''] },
      { period: ['2025-03-17', today] },
      { period: ['2025-03-17', today], goods },
      { period: [monthStart, today] },
    ] as Record<string, string | string[]>[]) {
      const [from, until] = params.period as string[];
      const to = until || '9999-12-31';
      const res = await t.callAs('100001', dynamicQuery.run, {
        query: {},
        body: { queryCode: 'RECV_BY_STORE_MONTH', params, limit: 1000 },
      });
      expect(res.status, JSON.stringify(res.envelope)).toBe(200);
      const lines = await sql<Record<string, unknown>>`
        SELECT a.supp_code, a.dept_code, to_char(a.acc_date, 'YYYY-MM') AS month, count(DISTINCT a.bill_number) AS bills,
               sum(a.accepted_qty) AS qty, sum(a.amount) AS amount, sum(a.tax) AS tax
        FROM acceptance a JOIN dept s ON s.tenant_id = a.tenant_id AND s.dept_code = a.dept_code
        WHERE a.tenant_id = 'demo' AND a.supp_code = '100001' AND (${'goods' in params ? goods : null}::text IS NULL OR a.goods_code = ${goods})
          AND a.acc_date BETWEEN ${from}::date AND ${to}::date
        GROUP BY 1, 2, 3`.execute(t.database.db);
      const fields = ['supp_code', 'dept_code', 'month', 'bills', 'qty', 'amount', 'tax'];
      expect(lines.rows.length, JSON.stringify(params)).toBeGreaterThan(0);
      expect(rowsOf(res.data.list, fields), JSON.stringify(params)).toEqual(rowsOf(lines.rows, fields));
    }
  });

  it("finds each goods item's last receiving day as the lines do, for a supplier and for staff", async () => {
    // Migration 0061: the daily rows from the earliest of the items' last months (the monthly rollup) on.
    expect(demoQueries.find((q) => q.queryCode === 'SLOW_MOVERS')!.sql).toMatch(/FROM acceptance_monthly m.*FROM acceptance_daily a/s);
    for (const [user, supplier] of [
      ['100001', '100001'],
      ['admin', null],
    ] as const) {
      for (const days of ['0', '20']) {
        const res = await t.callAs(user, dynamicQuery.run, {
          query: {},
          body: { queryCode: 'SLOW_MOVERS', params: { days }, limit: 1000 },
        });
        expect(res.status, JSON.stringify(res.envelope)).toBe(200);
        const lines = await sql<Record<string, unknown>>`
          SELECT g.supp_code, g.goods_code, to_char(max(a.acc_date), 'YYYY-MM-DD') AS last_received
          FROM goods g LEFT JOIN acceptance a ON a.tenant_id = g.tenant_id AND a.supp_code = g.supp_code AND a.goods_code = g.goods_code
          WHERE g.tenant_id = 'demo' AND (${supplier}::text IS NULL OR g.supp_code = ${supplier})
          GROUP BY g.supp_code, g.goods_code
          HAVING max(a.acc_date) IS NULL OR max(a.acc_date) < (now() AT TIME ZONE 'Asia/Shanghai')::date - ${Number(days)}::int`.execute(
          t.database.db,
        );
        expect(lines.rows.length, `${user} ${days}`).toBeGreaterThan(0);
        expect(
          res.data.list
            .map((r) => `${r.supp_code}|${r.goods_code}|${r.last_received === null ? null : String(r.last_received).slice(0, 10)}`)
            .sort(),
          `${user} ${days}`,
        ).toEqual(lines.rows.map((r) => `${r.supp_code}|${r.goods_code}|${r.last_received}`).sort());
      }
    }
  });

  it("shows a supplier only its own rollup rows, and staff the tenant's", async () => {
    await saveAndPublish({
      ...unfiltered(),
      queryCode: 'T_ROLLUP',
      columns: [textColumn('supp_code')],
      sql: 'SELECT DISTINCT supp_code FROM acceptance_monthly UNION SELECT DISTINCT supp_code FROM acceptance_daily',
    });
    const own = await t.callAs('100002', dynamicQuery.run, { query: {}, body: { queryCode: 'T_ROLLUP', limit: 100 } });
    expect(own.status, JSON.stringify(own.envelope)).toBe(200);
    expect(own.data.list).toEqual([{ supp_code: '100002' }]);
    const staff = await t.callAs('admin', dynamicQuery.run, { query: {}, body: { queryCode: 'T_ROLLUP', limit: 100 } });
    expect(staff.data.list.length).toBe(await count(`SELECT count(DISTINCT supp_code)::int AS n FROM acceptance WHERE tenant_id = 'demo'`));
  });
});

describe('a page and its count', () => {
  /** The runner with a row cap of five, over a definition of the tenant's receiving lines (staff scope). */
  const runnerCappedAt = (rowCap: number) => new ReportRunner(t.database.reportPool, t.database.db, { ...t.config.dynamicQuery, rowCap });
  const lines = (text: string): Runnable => ({
    split: splitParams(text),
    params: [],
    values: new Map(),
    columns: [textColumn('bill_number'), textColumn('line')],
  });
  const ordered = "SELECT bill_number, lpad(line_no::text, 4, '0') AS line FROM acceptance ORDER BY bill_number, line_no";
  const staff = { tenantId: 'demo', supplier: '*' };
  const shown = (page: { list: Record<string, unknown>[] }) => page.list.map((r) => `${r.bill_number}/${r.line}`);

  it("counts to the cap in one run of the definition's own order, and pages it as the sorted way does", async () => {
    await parserReady();
    const runner = runnerCappedAt(5);
    const first = await runner.page(staff, lines(ordered), { page: 1, limit: 3 });
    expect(first).toMatchObject({ total: 5, capped: true });
    const second = await runner.page(staff, lines(ordered), { page: 2, limit: 3 });
    expect(second).toMatchObject({ total: 5, capped: true });
    expect(second.list).toHaveLength(2);
    // Past the cap: no rows, the count all the same.
    expect(await runner.page(staff, lines(ordered), { page: 3, limit: 3 })).toEqual({ total: 5, capped: true, list: [] });
    // The grid's sort by the same order reads the same rows.
    const sort = { field: 'bill_number', order: 'asc' } as const;
    const sorted = await runner.page(staff, lines(ordered), { page: 1, limit: 5, sort });
    expect(sorted).toMatchObject({ total: 5, capped: true });
    expect([...shown(first), ...shown(second)]).toEqual(shown(sorted));
  });

  it('counts exactly under the cap, on a page with rows and on a page past the last', async () => {
    await parserReady();
    const runner = runnerCappedAt(50_000);
    const all = await count(`SELECT count(*)::int AS n FROM acceptance WHERE tenant_id = 'demo'`);
    expect(await runner.page(staff, lines(ordered), { page: 1, limit: 3 })).toMatchObject({ total: all, capped: false });
    expect(await runner.page(staff, lines(ordered), { page: 10_000, limit: 3 })).toEqual({ total: all, capped: false, list: [] });
  });
});
