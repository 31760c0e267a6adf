// The audit trail's jobs in every server process: sealing new entries into each tenant's chain (every minute) and
// archiving entries past the tenant's retention (every six hours). Per tenant one process at a time does either
// (the chain's advisory lock); the others skip that tenant for the run.
import type { Kysely } from 'kysely';
import { jobActor, withAuditActor } from '../../db/audit-context';
import type { DB } from '../../db/schema';
import { repeat } from '../../platform/repeat';
import { archiveTenant } from './archive';
import { sealAll } from './chain';
import { auditTenants } from './writer-repo';

interface Log {
  info(o: object, m: string): void;
  error(o: object, m: string): void;
}

/** Archives every tenant's entries past its retention, a file per tenant and run; answers what it archived. */
export async function archiveAll(db: Kysely<DB>, now: Date): Promise<Record<string, number>> {
  const archived: Record<string, number> = {};
  for (const tenantId of await auditTenants(db)) {
    const result = await withAuditActor(jobActor(tenantId, 'audit archive'), () => archiveTenant(db, tenantId, now));
    if (result) archived[tenantId] = result.count;
  }
  return archived;
}

export function scheduleAuditJobs(
  db: Kysely<DB>,
  now: () => Date,
  log: Log,
  timing: { sealEveryMs: number; archiveEveryMs: number } = { sealEveryMs: 60_000, archiveEveryMs: 6 * 3_600_000 },
): () => Promise<void> {
  const stopSeal = repeat(
    () =>
      sealAll(db)
        .then((sealed) => (Object.keys(sealed).length > 0 ? log.info({ sealed }, 'audit entries sealed') : undefined))
        .catch((err: unknown) => log.error({ err }, 'audit sealing failed')),
    { firstAfterMs: 2000, everyMs: timing.sealEveryMs },
  );
  const stopArchive = repeat(
    () =>
      archiveAll(db, now())
        .then((archived) => (Object.keys(archived).length > 0 ? log.info({ archived }, 'audit entries archived') : undefined))
        .catch((err: unknown) => log.error({ err }, 'audit archive failed')),
    { firstAfterMs: 60_000, everyMs: timing.archiveEveryMs },
  );
  return async () => {
    await Promise.all([stopSeal(), stopArchive()]);
  };
}
