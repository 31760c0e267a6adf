// 0041's rules as the database keeps them: a delivery names its target by its channel (an e-mail an account,
// a robot or webhook an endpoint), one key is queued once, only e-mail is digested, and a webhook has no owner.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import { type Database, migrateToLatest } from '../database';

let database: Database;
let eventId: number;
let accountId: number;
beforeAll(async () => {
  database = await freshDatabase();
  await migrateToLatest(database.db);
  const db = database.db;
  await sql`INSERT INTO tenant (id, name, company_name) VALUES ('t1', 'T', 'T')`.execute(db);
  accountId = (
    await sql<{
      id: number;
    }>`INSERT INTO account (tenant_id, kind, employee_code, employee_name, password_hash, password_changed_at, build_date)
      VALUES ('t1', 'staff', 'u1', 'U', 'x', now(), now()) RETURNING id`.execute(db)
  ).rows[0]!.id;
  eventId = Number(
    (
      await sql<{ id: string }>`INSERT INTO event (tenant_id, supp_code, topic, subject, actor)
        VALUES ('t1', NULL, 'settlement.bill.submitted', 'JS1', 'system:test') RETURNING id`.execute(db)
    ).rows[0]!.id,
  );
});
afterAll(() => database.close());

const refused = (statement: ReturnType<typeof sql>) =>
  statement.execute(database.db).then(
    () => 'accepted',
    (err: Error) => err.message,
  );

it('keeps a delivery to its channel’s target, once per key', async () => {
  const db = database.db;
  await sql`INSERT INTO delivery (tenant_id, event_id, channel, account_id, idempotency_key) VALUES ('t1', ${eventId}, 'email', ${accountId}, 'k1')`.execute(
    db,
  );
  expect(
    await refused(
      sql`INSERT INTO delivery (tenant_id, event_id, channel, account_id, idempotency_key) VALUES ('t1', ${eventId}, 'email', ${accountId}, 'k1')`,
    ),
  ).toMatch(/duplicate key/);
  expect(
    await refused(sql`INSERT INTO delivery (tenant_id, event_id, channel, idempotency_key) VALUES ('t1', ${eventId}, 'email', 'k2')`),
  ).toMatch(/check constraint/);
  const endpoint = (
    await sql<{
      id: number;
    }>`INSERT INTO notify_endpoint (tenant_id, kind, name, url, created_by) VALUES ('t1', 'webhook', 'ERP', 'http://127.0.0.1:1/', 'admin') RETURNING id`.execute(
      db,
    )
  ).rows[0]!.id;
  expect(
    await refused(
      sql`INSERT INTO delivery (tenant_id, event_id, channel, endpoint_id, digest, idempotency_key) VALUES ('t1', ${eventId}, 'webhook', ${endpoint}, true, 'k3')`,
    ),
  ).toMatch(/check constraint/);
  expect(
    await refused(
      sql`INSERT INTO delivery (tenant_id, event_id, channel, endpoint_id, idempotency_key) VALUES ('t1', ${eventId}, 'webhook', ${endpoint}, 'k4')`,
    ),
  ).toBe('accepted');
  expect(
    await refused(
      sql`INSERT INTO notify_endpoint (tenant_id, kind, owner_supp_code, name, url, created_by) VALUES ('t1', 'webhook', '100001', 'x', 'http://x/', 'a')`,
    ),
  ).toMatch(/check constraint/);
  expect(
    await refused(
      sql`INSERT INTO notification_pref (tenant_id, account_id, topic, channel, mode) VALUES ('t1', ${accountId}, 'settlement.bill.submitted', 'portal', 'digest')`,
    ),
  ).toMatch(/check constraint/);
  const cursor = await sql<{ name: string; last_id: number }>`SELECT name, last_id FROM outbox_cursor`.execute(db);
  expect(cursor.rows).toEqual([{ name: 'notifications', last_id: 0 }]);
});
