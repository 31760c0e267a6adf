// The audit chain: sealed entries check clean; an entry edited or removed behind the guard's back, or left unsealed,
// is named by its id; the archive moves old entries to a file, recorded, before they go, and the chain still holds.
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { seededDatabase } from '../../test/helpers';
import type { Database } from '../../db/database';
import { fileBytes } from '../../platform/files/store';
import { archiveTenant } from './archive';
import { checkChain, sealAll } from './chain';
import { recordAuditEvent } from './record';

let database: Database;
beforeEach(async () => {
  database = await seededDatabase();
}, 600_000);
afterEach(() => database.close());

const now = () => new Date();

async function addEntries(n: number) {
  for (let i = 0; i < n; i++)
    await recordAuditEvent(database.db, { kind: 'export', action: 'csv', tenantId: 'demo', detail: { n: i, price: '12.50' } });
}

/** Runs `statement` with the trail's append-only guard off, as a superuser could. */
async function behindTheGuard(statement: ReturnType<typeof sql>) {
  await database.db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE audit_entry DISABLE TRIGGER USER`.execute(trx);
    await statement.execute(trx);
    await sql`ALTER TABLE audit_entry ENABLE TRIGGER USER`.execute(trx);
  });
}

const someEntry = async () =>
  Number(
    (
      await database.db
        .selectFrom('audit_entry')
        .select('id')
        .where('kind', '=', 'export')
        .orderBy('id')
        .offset(2)
        .executeTakeFirstOrThrow()
    ).id,
  );

it('holds when nothing was touched', async () => {
  await addEntries(5);
  // The demo tenant's: the seed's entry and these five (migrations' writes to tables of no tenant have a chain of their own).
  expect((await sealAll(database.db)).demo).toEqual({ count: 6, lastHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  const report = await checkChain(database.db, now());
  expect(report.problems).toEqual([]);
  expect(report.tenants.find((r) => r.tenantId === 'demo')).toEqual({ tenantId: 'demo', checked: 6, fromArchive: false });
});

it('names an entry edited behind the guard', async () => {
  await addEntries(5);
  await sealAll(database.db);
  const id = await someEntry();
  await expect(database.db.updateTable('audit_entry').set({ action: 'xlsx' }).where('id', '=', id).execute()).rejects.toThrow(
    /append-only/,
  );
  await behindTheGuard(sql`UPDATE audit_entry SET detail = jsonb_set(detail, '{price}', '"1.25"') WHERE id = ${id}`);
  const { problems } = await checkChain(database.db, now());
  expect(problems).toEqual([{ tenantId: 'demo', problem: 'edited', entryId: id, seq: expect.any(Number) }]);
});

it('names an entry removed behind the guard, and a seal removed with it', async () => {
  await addEntries(5);
  await sealAll(database.db);
  const id = await someEntry();
  await expect(database.db.deleteFrom('audit_entry').where('id', '=', id).execute()).rejects.toThrow(/append-only/);
  await behindTheGuard(sql`DELETE FROM audit_entry WHERE id = ${id}`);
  expect((await checkChain(database.db, now())).problems).toEqual([
    { tenantId: 'demo', problem: 'removed', entryId: id, seq: expect.any(Number) },
  ]);
  await sql`DELETE FROM audit_seal WHERE entry_id = ${id}`.execute(database.db);
  expect((await checkChain(database.db, now())).problems).toEqual([
    { tenantId: 'demo', problem: 'gap', entryId: null, seq: expect.any(Number) },
  ]);
});

it('names an entry left unsealed too long', async () => {
  await addEntries(1);
  await sealAll(database.db);
  // Written three hours ago and never seen by the sealer (its look-back is an hour before its last seal).
  const late = await database.db
    .insertInto('audit_entry')
    .values({ tenant_id: 'demo', kind: 'export', at: new Date(Date.now() - 3 * 3_600_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sealAll(database.db);
  expect((await checkChain(database.db, now())).problems).toEqual([
    { tenantId: 'demo', problem: 'unsealed', entryId: Number(late.id), seq: null },
  ]);
});

it('archives old entries to a file, records it, then removes them; the chain holds on', async () => {
  await addEntries(4);
  const ids = (await database.db.selectFrom('audit_entry').select('id').where('tenant_id', '=', 'demo').orderBy('id').execute()).map((r) =>
    Number(r.id),
  );
  // Without a recorded archive the guard keeps them.
  await expect(database.db.deleteFrom('audit_entry').where('id', '=', ids[0]!).execute()).rejects.toThrow(/append-only/);
  await database.db.updateTable('system_param').set({ parameter_value: '1' }).where('parameter_code', '=', 'auditRetentionDays').execute();
  // Nothing is a day old yet.
  expect(await archiveTenant(database.db, 'demo', now())).toBeNull();
  const later = new Date(Date.now() + 2 * 86_400_000);
  const archive = await archiveTenant(database.db, 'demo', later);
  expect(archive).toMatchObject({ count: ids.length + 1, firstSeq: 1 }); // + the change of system_param
  const left = await database.db.selectFrom('audit_entry').select(['id', 'action']).where('id', 'in', ids).execute();
  expect(left).toEqual([]);
  const record = await database.db.selectFrom('audit_archive').selectAll().executeTakeFirstOrThrow();
  expect(record).toMatchObject({ tenant_id: 'demo', entry_count: archive!.count, last_hash: archive!.lastHash, file_id: archive!.fileId });
  const chunks: Buffer[] = [];
  for await (const chunk of fileBytes(database.db, archive!.fileId)) chunks.push(chunk as Buffer);
  const lines = gunzipSync(Buffer.concat(chunks))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { entry?: { id: string }; chain?: unknown });
  expect(lines.slice(0, -1).map((l) => Number(l.entry?.id))).toEqual(expect.arrayContaining(ids));
  expect(lines.at(-1)).toEqual({
    chain: {
      tenantId: 'demo',
      firstSeq: 1,
      lastSeq: archive!.lastSeq,
      count: archive!.count,
      previousHash: '0'.repeat(64),
      lastHash: archive!.lastHash,
    },
  });
  // The archive's own entry and what follows continue from the archive's last hash.
  await addEntries(2);
  await sealAll(database.db);
  const report = await checkChain(database.db, later);
  expect(report.problems).toEqual([]);
  const demo = report.tenants.find((r) => r.tenantId === 'demo')!;
  expect(demo).toMatchObject({ tenantId: 'demo', fromArchive: true });
  expect(demo.checked).toBeGreaterThanOrEqual(3);
});
