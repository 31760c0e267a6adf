// The audit jobs of a server process: new entries are sealed on the timer; the archive job's own writes (its file,
// its record) are named as the job's.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededDatabase } from '../../test/helpers';
import type { Database } from '../../db/database';
import { checkChain } from './chain';
import { archiveAll, scheduleAuditJobs } from './jobs';
import { recordAuditEvent } from './record';
import { lateUnsealed } from './writer-repo';

let database: Database;
beforeAll(async () => {
  database = await seededDatabase();
}, 600_000);
afterAll(() => database.close());

const log = { info: () => undefined, error: (o: object) => console.error(o) };

it('seals new entries on its timer', async () => {
  await recordAuditEvent(database.db, { kind: 'export', action: 'csv', tenantId: 'demo' });
  const future = () => new Date(Date.now() + 86_400_000);
  expect(await lateUnsealed(database.db, 'demo', future())).not.toEqual([]);
  const stop = scheduleAuditJobs(database.db, () => new Date(), log, { sealEveryMs: 50, archiveEveryMs: 3_600_000 });
  try {
    for (let i = 0; i < 100 && (await lateUnsealed(database.db, 'demo', future())).length > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
  } finally {
    await stop();
  }
  expect(await lateUnsealed(database.db, 'demo', future())).toEqual([]);
  expect((await checkChain(database.db, new Date())).problems).toEqual([]);
});

it("archives as the job: its file's and record's entries are the archive job's", async () => {
  const later = new Date(Date.now() + 1200 * 86_400_000);
  expect(await archiveAll(database.db, later)).toMatchObject({ demo: expect.any(Number) });
  const writes = await database.db
    .selectFrom('audit_entry')
    .select(['object_type', 'actor_kind', 'detail'])
    .where('object_type', 'in', ['stored_file', 'audit_archive'])
    .execute();
  expect(writes.length).toBeGreaterThan(1);
  expect(writes.every((w) => w.actor_kind === 'system' && (w.detail as { job?: string }).job === 'audit archive')).toBe(true);
});
