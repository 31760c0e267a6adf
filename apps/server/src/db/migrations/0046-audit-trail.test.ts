// 0046: the audit trail takes rows, and refuses to change or lose them.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededDatabase } from '../../test/helpers';
import type { Database } from '../database';

let database: Database;
beforeAll(async () => {
  database = await seededDatabase();
}, 600_000);
afterAll(() => database.close());

it('keeps what it is given and refuses update, delete and truncate', async () => {
  const row = await database.db
    .insertInto('audit_entry')
    .values({
      tenant_id: 'demo',
      kind: 'change',
      action: 'update',
      object_type: 'sam_bill',
      object_id: 'B1',
      before: '{"a":1}',
      after: '{"a":2}',
    })
    .returning(['id', 'at', 'detail'])
    .executeTakeFirstOrThrow();
  expect(row.detail).toEqual({});
  await expect(database.db.updateTable('audit_entry').set({ action: 'insert' }).where('id', '=', row.id).execute()).rejects.toThrow(
    /append-only/,
  );
  await expect(database.db.deleteFrom('audit_entry').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
  await expect(sql`TRUNCATE audit_entry`.execute(database.db)).rejects.toThrow(/append-only/);
  const kept = await database.db.selectFrom('audit_entry').select(['action', 'after']).where('id', '=', row.id).executeTakeFirstOrThrow();
  expect(kept).toEqual({ action: 'update', after: { a: 2 } });
});
