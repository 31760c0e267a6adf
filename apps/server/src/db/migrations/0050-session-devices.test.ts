// 0050 on a database with sessions already open: each gets a public id of its own and an empty user agent; the
// child-account module gains 结束会话, held by the admin role; down takes all of it away again.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import type { Database } from '../database';
import { migrationProvider } from './index';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0046-audit-trail')).error).toBeUndefined();
});
afterAll(() => database.close());

it('gives open sessions a public id and the admin role the end-sessions button, and takes them away again', async () => {
  const db = database.db;
  await sql`INSERT INTO tenant (id, name, company_name) VALUES ('t1', 'T', 'T')`.execute(db);
  await sql`INSERT INTO role (tenant_id, role_code, role_name) VALUES ('t1', 'admin', '管理员'), ('t1', 'buyer', '采购')`.execute(db);
  await sql`INSERT INTO module (module_code, name, path) VALUES ('ms0050', '账号管理', '/employee')`.execute(db);
  const { id } = await db
    .insertInto('account')
    .values({ tenant_id: 't1', kind: 'staff', employee_code: 'a1', employee_name: 'A', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO session (token_hash, account_id, expires_at) VALUES ('h1', ${id}, now() + interval '1 day'),
    ('h2', ${id}, now() + interval '1 day')`.execute(db);

  expect((await migrator.migrateTo('0050-session-devices')).error).toBeUndefined();
  const sessions = await db.selectFrom('session').select(['token_hash', 'public_id', 'user_agent']).orderBy('token_hash').execute();
  expect(sessions.map((s) => s.user_agent)).toEqual(['', '']);
  for (const s of sessions) expect(s.public_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(sessions[0]!.public_id).not.toBe(sessions[1]!.public_id);
  await expect(sql`UPDATE session SET public_id = ${sessions[0]!.public_id}::uuid WHERE token_hash = 'h2'`.execute(db)).rejects.toThrow(
    /session_public_id/,
  );
  expect(await db.selectFrom('role_button').select(['role_code', 'module_code', 'button_code']).execute()).toEqual([
    { role_code: 'admin', module_code: 'ms0050', button_code: 'endSessions' },
  ]);

  expect((await migrator.migrateTo('0046-audit-trail')).error).toBeUndefined();
  expect(await db.selectFrom('module_button').select('button_code').where('button_code', '=', 'endSessions').execute()).toEqual([]);
  expect(await db.selectFrom('role_button').select('button_code').execute()).toEqual([]);
  const columns = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns WHERE table_name = 'session'
    AND column_name IN ('public_id', 'user_agent')`.execute(db);
  expect(columns.rows).toEqual([]);
});

it('migrates an empty database, whose menu the seed adds later', async () => {
  const empty = await freshDatabase();
  try {
    const result = await new Migrator({ db: empty.db, provider: migrationProvider }).migrateTo('0050-session-devices');
    expect(result.error).toBeUndefined();
    expect(await empty.db.selectFrom('module_button').select('button_code').where('button_code', '=', 'endSessions').execute()).toEqual([]);
  } finally {
    await empty.close();
  }
});
