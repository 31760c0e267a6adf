// The session lookup goes as a named prepared statement on PostgreSQL (planned once per connection) and
// answers as before on both engines; other queries are sent as they always were.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSession } from './repo';
import { hashToken } from '../../platform/passwords';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('prepared statements', () => {
  it('finds the session, with and without a module to hold, as the same rows each time', async () => {
    const tokenHash = hashToken(await tokenFor(t.app, '100001'));
    for (const access of [undefined, { module: 'ms0031' }, { module: 'ms0031', button: 'export' }, { module: 'nosuch' }]) {
      const first = await findSession(t.database.db, tokenHash, access);
      const again = await findSession(t.database.db, tokenHash, access);
      expect(first?.employee_code).toBe('100001');
      expect(again).toEqual(first);
      expect(first?.held).toBe(access?.module !== 'nosuch');
    }
    expect(await findSession(t.database.db, hashToken('no such token'))).toBeUndefined();
  });

  it('prepares the session lookup once on a connection, and nothing else', async () => {
    const tokenHash = hashToken(await tokenFor(t.app, '100001'));
    await t.database.db.connection().execute(async (db) => {
      const statements = async () =>
        (await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements ORDER BY name`.execute(db)).rows;
      await findSession(db, tokenHash, { module: 'ms0031' });
      const before = await statements();
      expect(before.filter((r) => r.name.startsWith('portal_prepared_') && r.statement.includes('as "held"')).length).toBeGreaterThan(0);
      for (let i = 0; i < 3; i++) {
        await findSession(db, tokenHash, { module: 'ms0031' });
        await sql`SELECT 1`.execute(db);
      }
      // The same statements: nothing prepared again, and other queries not prepared at all.
      const after = await statements();
      expect(after).toEqual(before);
      expect(after.every((r) => r.statement.includes('from "session"'))).toBe(true);
    });
  });
});
