// 0049: the guard lets a DELETE through only for an entry whose seal lies in a recorded archive; UPDATE and
// TRUNCATE stay refused; each tenant has auditRetentionDays; down and up again.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededDatabase } from '../../test/helpers';
import type { Database } from '../database';
import { migrationProvider } from './index';

let database: Database;
beforeAll(async () => {
  database = await seededDatabase();
}, 600_000);
afterAll(() => database.close());

const entry = async () =>
  Number(
    (await database.db.insertInto('audit_entry').values({ tenant_id: 'demo', kind: 'export' }).returning('id').executeTakeFirstOrThrow())
      .id,
  );

it('lets only archived entries go', async () => {
  const [kept, archived] = [await entry(), await entry()];
  await database.db
    .insertInto('audit_seal')
    .values([
      { tenant_id: 'demo', seq: 1, entry_id: kept, hash: 'a'.repeat(64) },
      { tenant_id: 'demo', seq: 2, entry_id: archived, hash: 'b'.repeat(64) },
    ])
    .execute();
  const file = await database.db
    .insertInto('stored_file')
    .values({
      tenant_id: 'demo',
      supp_code: null,
      name: 'a.jsonl.gz',
      content_type: 'application/gzip',
      size: 1,
      sha256: 'x',
      created_by: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('audit_archive')
    .values({
      tenant_id: 'demo',
      first_seq: 2,
      last_seq: 2,
      first_id: archived,
      last_id: archived,
      entry_count: 1,
      last_hash: 'b'.repeat(64),
      file_id: file.id,
      before_at: new Date(),
    })
    .execute();
  await expect(database.db.deleteFrom('audit_entry').where('id', '=', kept).execute()).rejects.toThrow(/append-only/);
  await expect(database.db.updateTable('audit_entry').set({ action: 'x' }).where('id', '=', archived).execute()).rejects.toThrow(
    /append-only/,
  );
  await expect(sql`TRUNCATE audit_entry`.execute(database.db)).rejects.toThrow(/append-only/);
  await database.db.deleteFrom('audit_entry').where('id', '=', archived).execute();
  const left = await database.db.selectFrom('audit_entry').select('id').where('id', 'in', [kept, archived]).execute();
  expect(left.map((r) => Number(r.id))).toEqual([kept]);
});

it("gives each tenant three years' retention, and goes down and up again", async () => {
  const days = () =>
    database.db.selectFrom('system_param').select('parameter_value').where('parameter_code', '=', 'auditRetentionDays').execute();
  expect(await days()).toEqual([{ parameter_value: '1095' }]);
  await database.db.deleteFrom('audit_archive').execute();
  await database.db.deleteFrom('stored_file').where('content_type', '=', 'application/gzip').execute();
  const migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0048-audit-capture')).error).toBeUndefined();
  expect(await days()).toEqual([]);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await days()).toEqual([{ parameter_value: '1095' }]);
});
