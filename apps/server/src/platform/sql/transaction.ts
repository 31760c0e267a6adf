// A service's transaction whose database guards (unique indexes, checks) answer as the rules' 409s.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppContext } from '../context';
import { ApiError, type Localized } from '../errors';

/** The refusal each guard stands for, by constraint name (unique index or check constraint). */
export type GuardRefusals = Readonly<Record<string, Localized>>;

interface PgError {
  code?: string;
  constraint?: string;
}

/** unique_violation and check_violation: the guards a rule leans on. */
const guardCodes = new Set(['23505', '23514']);

/** Runs `work` in a transaction; a violated guard named in `refusals` answers 409 with its text. */
export async function inTransaction<T>(ctx: AppContext, refusals: GuardRefusals, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(work);
  } catch (err) {
    const pg = err as PgError;
    const refusal = pg.code && guardCodes.has(pg.code) && pg.constraint ? refusals[pg.constraint] : undefined;
    if (refusal !== undefined) throw ApiError.conflict(refusal);
    throw err;
  }
}

/**
 * Runs `work` in a transaction of its own, or in the caller's when `db` is one already: the demo seed, one
 * transaction, acts through the services as people would (db/seed/actions.ts), and its work commits with it.
 */
export function transact<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}
