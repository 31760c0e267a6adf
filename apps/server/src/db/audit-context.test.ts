// The actor travels to the database only on connections taken inside withAuditActor: a read-only use pays no
// statement; a call's statements on the same connection set it once; it is cleared once the connection is idle.
import type pg from 'pg';
import { expect, it } from 'vitest';
import { auditedConnect, jobActor, withAuditActor } from './audit-context';

/** A pool of one connection that records what is sent on it. */
function fakePool() {
  const sent: string[] = [];
  const released: unknown[] = [];
  const client = {
    query: async (_text: string, values: string[]) => {
      sent.push(values[0] === '' ? 'clear' : 'set');
      return { rows: [] };
    },
  } as unknown as pg.PoolClient;
  const connect = async () => {
    client.release = (err?: unknown) => {
      released.push(err ?? 'ok');
    };
    return client;
  };
  return { sent, released, connect: auditedConnect(connect) };
}

const idle = () => new Promise((resolve) => setImmediate(resolve));

it('sends nothing outside an actor', async () => {
  const pool = fakePool();
  for (let i = 0; i < 3; i++) (await pool.connect()).release();
  await idle();
  expect(pool.sent).toEqual([]);
  expect(pool.released).toEqual(['ok', 'ok', 'ok']);
});

it("sets the actor once for a call's statements and clears it when the connection is idle", async () => {
  const pool = fakePool();
  const actor = jobActor('demo', 'certificate expiry');
  await withAuditActor(actor, async () => {
    for (let i = 0; i < 3; i++) (await pool.connect()).release();
  });
  expect(pool.sent).toEqual(['set']);
  await idle();
  expect(pool.sent).toEqual(['set', 'clear']);
  // A read-only use afterwards pays nothing.
  (await pool.connect()).release();
  await idle();
  expect(pool.sent).toEqual(['set', 'clear']);
});

it('clears the actor itself when taken outside one before the background clearing ran', async () => {
  const pool = fakePool();
  const client = await withAuditActor(jobActor('demo', 'demo feed'), () => pool.connect());
  client.release();
  (await pool.connect()).release(); // no idle moment in between
  expect(pool.sent).toEqual(['set', 'clear']);
  await idle();
  expect(pool.sent).toEqual(['set', 'clear']);
});

it('sets a second actor over a first one', async () => {
  const pool = fakePool();
  const first = await withAuditActor(jobActor('demo', 'a'), () => pool.connect());
  first.release();
  (await withAuditActor(jobActor('demo', 'b'), () => pool.connect())).release();
  expect(pool.sent).toEqual(['set', 'set']);
});
