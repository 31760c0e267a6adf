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
export function auditedConnect(
  connect: () => Promise<pg.PoolClient>,
  options: { transactionLocal?: boolean } = {},
): () => Promise<pg.PoolClient> {
  if (options.transactionLocal) return transactionLocalConnect(connect);
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

type Query = (...args: unknown[]) => Promise<unknown>;

const setLocalContext = "SELECT set_config('portal.audit_ctx', $1, true)";
const begins = /^\s*(begin|start\s+transaction)\b/i;
const ends = /^\s*(commit|end|abort|rollback(?!\s+to\b)(?!\s+transaction\s+to\b)|prepare\s+transaction)\b/i;

/**
 * auditedConnect behind a transaction pooler (PgBouncer's pool_mode = transaction), where a session setting would stay on
 * a server connection that the pooler hands to another client next: the actor is set with set_config(..., true), which
 * ends with the transaction. A connection taken inside withAuditActor sets it after each BEGIN, and runs a statement
 * outside a transaction as BEGIN; set_config; the statement; COMMIT (three round trips more, for the writing calls
 * only). A connection taken outside any actor is used as it is: the setting never outlives a transaction.
 */
function transactionLocalConnect(connect: () => Promise<pg.PoolClient>): () => Promise<pg.PoolClient> {
  return async () => {
    const client = await connect();
    const actor = currentAuditActor();
    if (!actor) return client;
    const wanted = JSON.stringify(actor);
    const target = client as unknown as { query: Query };
    const query = target.query;
    const plain: Query = (...args) => query.apply(client, args);
    let inTransaction = false;
    target.query = async (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : undefined;
      if (text === undefined) return plain(...args);
      if (inTransaction) {
        try {
          return await plain(...args);
        } finally {
          // A failed COMMIT ends the transaction as well.
          if (ends.test(text)) inTransaction = false;
        }
      }
      if (begins.test(text)) {
        const result = await plain(...args);
        inTransaction = true;
        await plain(setLocalContext, [wanted]);
        return result;
      }
      await plain('BEGIN');
      try {
        await plain(setLocalContext, [wanted]);
        const result = await plain(...args);
        await plain('COMMIT');
        return result;
      } catch (err) {
        await plain('ROLLBACK').catch(() => undefined);
        throw err;
      }
    };
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      target.query = query;
      client.release = release;
      release(err);
    };
    return client;
  };
}
