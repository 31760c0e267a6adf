// The actor travels to the database only on connections taken inside withAuditActor: a read-only call pays no
// statement, a changing call one before its first and one after it let the connection go.
import type pg from 'pg';
import { expect, it } from 'vitest';
import { auditedConnect, jobActor, withAuditActor } from './audit-context';

function fakePool() {
  const sent: unknown[][] = [];
  const released: unknown[] = [];
  const connect = async () =>
    ({
      query: async (...args: unknown[]) => {
        sent.push(args);
        return { rows: [] };
      },
      release: (err?: unknown) => {
        released.push(err ?? 'ok');
      },
    }) as unknown as pg.PoolClient;
  return { sent, released, connect: auditedConnect(connect) };
}

it('sends nothing outside an actor', async () => {
  const pool = fakePool();
  const client = await pool.connect();
  client.release();
  expect(pool.sent).toEqual([]);
  expect(pool.released).toEqual(['ok']);
});

it('sets the actor before the first statement and clears it before the connection goes back', async () => {
  const pool = fakePool();
  const actor = jobActor('demo', 'notification dispatcher');
  const client = await withAuditActor(actor, () => pool.connect());
  expect(pool.sent).toEqual([["SELECT set_config('portal.audit_ctx', $1, false)", [JSON.stringify(actor)]]]);
  client.release();
  expect(pool.released).toEqual([]);
  await new Promise((resolve) => setImmediate(resolve));
  expect(pool.sent[1]).toEqual(["SELECT set_config('portal.audit_ctx', $1, false)", ['']]);
  expect(pool.released).toEqual(['ok']);
});
