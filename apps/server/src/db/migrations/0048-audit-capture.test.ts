// 0048: the rows people change leave entries of the trail with who acted, only what changed, and never a secret;
// a bulk load leaves none of its own rows; every table is either audited or named as left out.
import { Migrator, type Transaction, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededDatabase } from '../../test/helpers';
import type { Database } from '../database';
import type { DB } from '../schema';
import { AUDITED, NOT_AUDITED } from './0048-audit-capture';
import { migrationProvider } from './index';
import { AUDIT_OWN_TABLES } from './0049-audit-seal';

let database: Database;
beforeAll(async () => {
  database = await seededDatabase();
}, 600_000);
afterAll(() => database.close());

const actor = {
  tenantId: 'demo',
  actorKind: 'staff',
  accountId: 7,
  code: 'admin',
  name: '管理员',
  supplierCode: null,
  roles: 'admin',
  clientIp: '10.0.0.9',
  requestId: 'req-1',
  callName: 'POST /test',
  moduleCode: 'ms0001',
};

/** The entries a piece of work leaves (rolled back after). */
async function entriesOf(work: (trx: Transaction<DB>) => Promise<unknown>, as: object | null = actor) {
  let entries: Awaited<ReturnType<typeof read>> = [];
  const read = (trx: Transaction<DB>, after: number) =>
    trx.selectFrom('audit_entry').selectAll().where('id', '>', after).orderBy('id').execute();
  await database.db
    .transaction()
    .execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`SELECT coalesce(max(id), 0)::int AS id FROM audit_entry`.execute(trx);
      if (as) await sql`SELECT set_config('portal.audit_ctx', ${JSON.stringify(as)}, true)`.execute(trx);
      await work(trx);
      entries = await read(trx, rows[0]!.id);
      throw new Error('rollback');
    })
    .catch((err: unknown) => {
      if (!(err instanceof Error) || err.message !== 'rollback') throw err;
    });
  return entries;
}

it('places every table: audited, or left out for a reason', async () => {
  const { rows } = await sql<{ name: string }>`
    SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace ORDER BY 1`.execute(database.db);
  const placed = new Set([...AUDITED.map(([t]) => t), ...NOT_AUDITED, ...AUDIT_OWN_TABLES]);
  expect(rows.map((r) => r.name).filter((name) => !placed.has(name))).toEqual([]);
  const { rows: triggered } = await sql<{ name: string }>`
    SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = 'audit_update' ORDER BY 1`.execute(
    database.db,
  );
  expect(triggered.map((r) => r.name)).toEqual(AUDITED.map(([t]) => t).sort());
});

it('writes an update as the fields that changed, with the key, the actor and the supplier', async () => {
  const entries = await entriesOf((trx) =>
    trx.updateTable('account').set({ remark: '调岗', mov_phone: '13800000000' }).where('employee_code', '=', '100001-01').execute(),
  );
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  expect(entry).toMatchObject({
    tenant_id: 'demo',
    kind: 'change',
    action: 'update',
    actor_kind: 'staff',
    account_id: 7,
    actor_code: 'admin',
    client_ip: '10.0.0.9',
    request_id: 'req-1',
    call_name: 'POST /test',
    module_code: 'ms0001',
    object_type: 'account',
    object_supplier_code: '100001',
  });
  expect(Object.keys(entry!.before!).sort()).toEqual(['id', 'mov_phone', 'remark']);
  expect(entry!.after).toMatchObject({ remark: '调岗', mov_phone: '13800000000' });
  expect(entry!.object_id).toBe(String(entry!.after!.id));
});

it('never stores a password hash, a secret or a token, and names a changed secret only', async () => {
  const entries = await entriesOf(async (trx) => {
    await trx
      .updateTable('account')
      .set({ password_hash: 'scrypt$abc', password_changed_at: new Date() })
      .where('employee_code', '=', '100001-01')
      .execute();
    await sql`INSERT INTO integration_client (id, tenant_id, name, scopes, allowed_sources, secret_hash, rate_per_minute, created_by)
      VALUES ('erp-test', 'demo', 'ERP', '{}', '{}', '\\x0102', 60, 'admin')`.execute(trx);
    await sql`UPDATE external_module SET sso_secret = 'new-secret' WHERE tenant_id = 'demo'`.execute(trx);
  });
  const text = JSON.stringify(entries);
  for (const secret of ['password_hash', 'secret_hash', 'previous_secret_hash', 'sso_secret']) {
    expect(entries.every((e) => !Object.hasOwn(e.before ?? {}, secret) && !Object.hasOwn(e.after ?? {}, secret))).toBe(true);
  }
  expect(text).not.toContain('scrypt$abc');
  expect(text).not.toContain('new-secret');
  const password = entries.find((e) => e.object_type === 'account')!;
  expect(password.detail).toMatchObject({ redacted: ['password_hash'] });
  expect(Object.keys(password.after!)).toContain('password_changed_at');
  expect(entries.find((e) => e.object_type === 'integration_client')!.after).toMatchObject({ id: 'erp-test', name: 'ERP' });
  const { rows } = await sql<{ kept: boolean }>`
    SELECT audit_redact('{"totp_secret":1,"recovery_codes":2,"token_hash":3,"api_token":4,"secret":5,"password":6,"pwd":7,"otp_hash":8,"remark":9,"must_change_password":10}'::jsonb)
      = '{"remark":9,"must_change_password":10}'::jsonb AS kept`.execute(database.db);
  expect(rows[0]!.kept).toBe(true);
});

it('redacts a secret column added later by its name (a TOTP secret, recovery codes)', async () => {
  const entries = await entriesOf(async (trx) => {
    await sql`ALTER TABLE account ADD COLUMN totp_secret text, ADD COLUMN recovery_codes text[]`.execute(trx);
    await sql`UPDATE account SET totp_secret = 'JBSWY3DPEHPK3PXP', recovery_codes = '{a1b2c3}', remark = '2FA' WHERE employee_code = '100001-01'`.execute(
      trx,
    );
  });
  expect(entries).toHaveLength(1);
  expect(entries[0]!.after).toEqual({ id: expect.any(Number), remark: '2FA' });
  expect(entries[0]!.detail).toMatchObject({ redacted: ['recovery_codes', 'totp_secret'] });
  expect(JSON.stringify(entries)).not.toContain('JBSWY3DPEHPK3PXP');
});

it('writes an update of a key as what the row was and what it is', async () => {
  const entries = await entriesOf(async (trx) => {
    await sql`INSERT INTO brand (tenant_id, brand_code, brand_name) VALUES ('demo', 'ZZ1', '试')`.execute(trx);
    await sql`UPDATE brand SET brand_code = 'ZZ2' WHERE tenant_id = 'demo' AND brand_code = 'ZZ1'`.execute(trx);
  });
  expect(entries.map((e) => [e.action, e.object_id, e.before?.brand_code ?? null, e.after?.brand_code ?? null])).toEqual([
    ['insert', 'ZZ1', null, 'ZZ1'],
    ['update', 'ZZ1', 'ZZ1', null],
    ['update', 'ZZ2', null, 'ZZ2'],
  ]);
});

it('leaves out an update that changes nothing but a sign-in time, and tags grants', async () => {
  const entries = await entriesOf(async (trx) => {
    await trx.updateTable('account').set({ last_login_time: new Date() }).where('employee_code', '=', '100001-01').execute();
    await sql`DELETE FROM account_module WHERE account_id = (SELECT id FROM account WHERE employee_code = '100001-01')`.execute(trx);
  });
  expect(entries.length).toBeGreaterThan(0);
  expect(entries.every((e) => e.kind === 'grant' && e.action === 'delete' && e.object_type === 'account_module')).toBe(true);
  expect(entries[0]!.before).toHaveProperty('module_code');
});

it('writes the system and its job without an actor, and nothing of a bulk load', async () => {
  const system = await entriesOf(async (trx) => {
    await sql`SET LOCAL application_name = 'certificate expiry'`.execute(trx);
    await trx.updateTable('supplier').set({ logo_icon: 'x.png' }).where('supp_code', '=', '100002').execute();
  }, null);
  expect(system).toMatchObject([
    { actor_kind: 'system', account_id: null, object_type: 'supplier', object_id: '100002', detail: { job: 'certificate expiry' } },
  ]);
  const bulk = await entriesOf(async (trx) => {
    await sql`SET LOCAL portal.audit_bulk = 'on'`.execute(trx);
    await trx.updateTable('supplier').set({ logo_icon: 'y.png' }).where('tenant_id', '=', 'demo').execute();
  });
  expect(bulk).toEqual([]);
});

it('goes down without a trigger or function left, and up again', async () => {
  const count = async () =>
    (
      await sql<{ triggers: number; functions: number }>`
        SELECT (SELECT count(*)::int FROM pg_trigger WHERE tgname IN ('audit_insert', 'audit_update', 'audit_delete')) AS triggers,
               (SELECT count(*)::int FROM pg_proc WHERE proname LIKE 'audit\\_changed\\_%' OR proname IN ('audit_redact', 'audit_is_secret', 'audit_secret_columns')) AS functions`.execute(
        database.db,
      )
    ).rows[0]!;
  expect(await count()).toEqual({ triggers: AUDITED.length * 3, functions: AUDITED.length + 3 });
  const migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0046-audit-trail')).error).toBeUndefined();
  expect(await count()).toEqual({ triggers: 0, functions: 0 });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await count()).toEqual({ triggers: AUDITED.length * 3, functions: AUDITED.length + 3 });
});
