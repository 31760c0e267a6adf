// Who is acting, for the audit trail's triggers (migration 0048): a call that changes data, a job or an integration
// client runs its work inside withAuditActor, and every connection the interactive pool hands out meanwhile carries
// the actor in the setting portal.audit_ctx; the connection is cleared again once idle, so a later read-only use
// pays nothing and a write outside any actor is the system's.
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

/** What a pooled connection carries: the actor set on it ('' for none), and whether a caller holds it. */
interface Tagged {
  auditActor?: string;
  auditInUse?: boolean;
}

/**
 * A pool's connect that gives a connection taken inside withAuditActor the actor in portal.audit_ctx, and a
 * connection taken outside none. A call's several statements usually come back to the same connection (the pool
 * hands out the last one returned), so the actor is set once per call; when the connection is idle again after the
 * call's last statement, it is cleared in the background, so that a read-only call pays nothing. Only a connection
 * taken before that clearing ran clears it itself, before its caller's first statement.
 */
export function auditedConnect(connect: () => Promise<pg.PoolClient>): () => Promise<pg.PoolClient> {
  return async () => {
    const client = await connect();
    const tagged = client as pg.PoolClient & Tagged;
    tagged.auditInUse = true;
    const actor = currentAuditActor();
    const wanted = actor ? JSON.stringify(actor) : '';
    if ((tagged.auditActor ?? '') !== wanted) {
      try {
        await client.query(setContext, [wanted]);
        tagged.auditActor = wanted;
      } catch (err) {
        tagged.auditInUse = false;
        client.release(err instanceof Error ? err : true);
        throw err;
      }
    }
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      tagged.auditInUse = false;
      release(err);
      if (err || !tagged.auditActor) return;
      // After the statements the caller issues at once (a call's next query comes back to this connection first).
      setImmediate(() => {
        if (tagged.auditInUse || !tagged.auditActor) return;
        tagged.auditActor = '';
        client.query(setContext, ['']).catch(() => {
          tagged.auditActor = 'unknown'; // the next use sets it again
        });
      });
    };
    return client;
  };
}
