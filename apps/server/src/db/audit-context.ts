// Who is acting, for the audit trail's triggers (migration 0048): a call that changes data, a job or an integration
// client runs its work inside withAuditActor, and every connection the interactive pool hands out meanwhile carries
// the actor in the setting portal.audit_ctx; the connection is cleared again when it goes back to the pool, so a
// later read-only use pays nothing and a write outside any actor is the system's.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { AuditActorKind } from './schema';

export interface AuditActor {
  tenantId: string;
  actorKind: AuditActorKind;
  accountId: number | null;
  code: string;
  name: string;
  supplierCode: string | null;
  roles: string;
  clientIp: string;
  requestId: string;
  callName: string;
  moduleCode: string | null;
  /** What the trail's detail says beyond the columns (a job's name: { job: 'notification dispatcher' }). */
  detail?: Record<string, unknown>;
}

const storage = new AsyncLocalStorage<AuditActor>();

/** Runs `work` as `actor`: what it writes through the interactive pool is attributed to it. */
export function withAuditActor<T>(actor: AuditActor, work: () => T): T {
  return storage.run(actor, work);
}

/** The actor of the work in progress, if any. */
export function currentAuditActor(): AuditActor | undefined {
  return storage.getStore();
}

/** A job's actor: the system, named by the job (its writes say which job made them). */
export function jobActor(tenantId: string, job: string): AuditActor {
  return {
    tenantId,
    actorKind: 'system',
    accountId: null,
    code: '',
    name: job,
    supplierCode: null,
    roles: '',
    clientIp: '',
    requestId: '',
    callName: '',
    moduleCode: null,
    detail: { job },
  };
}

const setContext = "SELECT set_config('portal.audit_ctx', $1, false)";

/**
 * A pool's connect that sets portal.audit_ctx on connections taken inside withAuditActor (one statement before the
 * caller's first) and clears it before the connection goes back (after the caller let it go: no wait of the
 * caller's). Outside an actor it adds nothing.
 */
export function auditedConnect(connect: () => Promise<pg.PoolClient>): () => Promise<pg.PoolClient> {
  return async () => {
    const client = await connect();
    const actor = currentAuditActor();
    if (!actor) return client;
    try {
      await client.query(setContext, [JSON.stringify(actor)]);
    } catch (err) {
      client.release(err instanceof Error ? err : true);
      throw err;
    }
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      if (err) return release(err);
      client.query(setContext, ['']).then(
        () => release(),
        (failed: unknown) => release(failed instanceof Error ? failed : true),
      );
    };
    return client;
  };
}
