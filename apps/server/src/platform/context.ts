// What services share: settings, the database, the transport key and the clock.
import type { CompiledQuery, Kysely } from 'kysely';
import type { Config } from '../config';
import type { ConnectionSource } from '../db/database';
import type { DB } from '../db/schema';
import type { TransportKey } from './passwords';

export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  /**
   * Where reports, exports, query pages and dashboards read: a replica (DATABASE_READ_URL) that may lag behind `db`
   * by a moment, else `db` itself. Never for reading back what the caller has just changed.
   */
  readDb: Kysely<DB>;
  /** CSV written by the database itself (PostgreSQL's COPY). */
  copyCsv: (query: CompiledQuery) => AsyncGenerator<Buffer>;
  /** Connections of the dynamic-query runner (modules/dynamic-query/runner.ts). */
  reportPool: ConnectionSource;
  transportKey: TransportKey;
  /** HMAC key of the identity-provider cookie. */
  identKey: string;
  /** HMAC key of the double-submit value beside the session cookie. */
  csrfKey: string;
  /** Current time; tests move it to check expiry rules. */
  now(): Date;
}

/** What rules of a service need: the database and the clock (the demo seed hands in its transaction and its day). */
export type DataContext = Pick<AppContext, 'db' | 'now'>;
