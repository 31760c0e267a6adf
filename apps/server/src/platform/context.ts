// What services share: settings, the database, the transport key and the clock.
import type { CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';
import type { Config } from '../config';
import type { Engine } from '../db/database';
import type { DB } from '../db/schema';
import type { SessionCache } from '../modules/auth/session-cache';
import type { TransportKey } from './passwords';

export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  engine: Engine;
  /** CSV written by the database itself (PostgreSQL's COPY); absent on PGlite. */
  copyCsv?: ((query: CompiledQuery) => AsyncGenerator<Buffer>) | undefined;
  /** Connections of the dynamic-query runner (modules/dynamic-query/runner.ts). */
  reportPool: pg.Pool;
  transportKey: TransportKey;
  /** Sessions kept in the process (PostgreSQL with SESSION_CACHE above 0); absent: every call asks the database. */
  sessionCache?: SessionCache | undefined;
  /** HMAC key of the identity-provider cookie. */
  identKey: string;
  /** HMAC key of the double-submit value beside the session cookie. */
  csrfKey: string;
  /** Current time; tests move it to check expiry rules. */
  now(): Date;
}
