// Reading the outbox in tests: its readers (the integration feed; the dispatcher test drains in its own way) list an event only
// once every transaction that began before it has ended, in any database of the cluster. Test files run side by
// side on one cluster, so a read right after a commit may come while another file's long transaction runs.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Waits until every transaction that had begun by now (in any database of the cluster) has ended: up to `timeout`
 * ms (under a test's own 30 s), polling every 50 ms. Usable in hooks as in tests.
 */
export async function outboxSettled(db: Kysely<DB>, timeout = 25_000): Promise<void> {
  const { rows } = await sql<{ xmax: string }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`.execute(db);
  const horizon = rows[0]!.xmax;
  const deadline = Date.now() + timeout;
  for (;;) {
    const passed = await sql<{ ok: boolean }>`SELECT pg_snapshot_xmin(pg_current_snapshot()) >= ${horizon}::xid8 AS ok`.execute(db);
    if (passed.rows[0]!.ok) return;
    if (Date.now() > deadline) throw new Error(`transactions begun before xid ${horizon} still run after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
