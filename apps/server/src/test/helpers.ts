// Shared test helpers: a fresh database per test file (PGlite, or PostgreSQL with TEST_DATABASE_URL),
// the app on it, and logged-in callers.
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { type CallData, type CallDef, type CallSend, ClientKeys, type Envelope, type LegacyEnvelope } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, migrateToLatest, openDatabase } from '../db/database';
import { demoPassword, seedDemo } from '../db/seed/demo';

export { demoPassword };

/** Connection strings of the PostgreSQL test databases, by their Kysely instance. */
const urls = new WeakMap<Database['db'], string>();

/** A database of its own: in-memory PGlite, or a new database on the TEST_DATABASE_URL server (dropped on close). */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ dataDir: 'memory://' });
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 4 });
  urls.set(database.db, target.toString());
  return {
    ...database,
    close: async () => {
      await database.close();
      // Connections may still be closing: wait for them rather than terminate them.
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      for (let attempt = 0; ; attempt++) {
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (err) {
          if (attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Moves the app's clock by this many milliseconds from now on. */
  shiftClock(ms: number): void;
  /**
   * Calls a contract call as a demo user (null: without a token; `{ token }`: with a session the test made itself)
   * and answers its status and typed data.
   */
  callAs: CallAs;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    business?: boolean;
    env?: Record<string, string>;
    logStream?: { write(line: string): void };
    /** Stands in for the database's COPY (a fault to inject). */
    copyCsv?: Database['copyCsv'];
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  await migrateToLatest(database.db);
  await seedDemo(database.db, new Date(), { business: options.business ?? false });
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...options.env });
  let offset = 0;
  const app = await buildApp(config, {
    database: options.copyCsv ? { ...database, copyCsv: options.copyCsv } : database,
    now: () => new Date(Date.now() + offset),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    shiftClock: (ms) => {
      offset += ms;
    },
    callAs: callerOf(app, config.apiPrefix),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second server on the test app's database, as a second process would be: on PostgreSQL with a pool of its
 * own; on PGlite (one process only) on the same connection. Closed with the first app's `close` or its own.
 */
export async function secondApp(t: TestApp): Promise<{ app: FastifyInstance; callAs: CallAs; close(): Promise<void> }> {
  const url = urls.get(t.database.db);
  const database = url ? await openDatabase({ databaseUrl: url, poolSize: 2 }) : t.database;
  const app = await buildApp(t.config, { database });
  await app.ready();
  return {
    app,
    callAs: callerOf(app, t.config.apiPrefix),
    close: async () => {
      await app.close();
      if (url) await database.close();
    },
  };
}

export async function encryptPassword(app: FastifyInstance, password: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/user/publicKey' });
  const key = (res.json() as { data: { publicKey: string } }).data.publicKey;
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8')).toString(
    'base64',
  );
}

export async function login(
  app: FastifyInstance,
  username: string,
  options: { staff?: boolean; password?: string; identityId?: string } = {},
) {
  const url = `/api/user/${options.staff ? 'merchantsLogin' : 'login'}?tenantid=demo`;
  const password = await encryptPassword(app, options.password ?? demoPassword);
  return app.inject({
    method: 'POST',
    url,
    payload: { username, password, ...(options.identityId ? { identityId: options.identityId } : {}) },
  });
}

/** Logs in and returns the token; fails the test when the login does not succeed. */
export async function tokenFor(app: FastifyInstance, username: string, options: { staff?: boolean } = {}): Promise<string> {
  const res = await login(app, username, options);
  const body = res.json() as { code: string; data: { token?: string } };
  if (body.code !== '1' || !body.data.token) throw new Error(`login of ${username} failed: ${res.body}`);
  return body.data.token;
}

/** Logs in as the web app does: the session cookie and the double-submit value it echoes in a header. */
export async function browserSession(
  app: FastifyInstance,
  username: string,
): Promise<{ cookie: string; csrf: string; headers: Record<string, string> }> {
  const raw = (await login(app, username)).headers['set-cookie'];
  const values = new Map(
    (Array.isArray(raw) ? raw : [String(raw)]).map((c) => {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))] as const;
    }),
  );
  const cookie = `${ClientKeys.tokenCookie}=${values.get(ClientKeys.tokenCookie)}; ${ClientKeys.csrfCookie}=${values.get(ClientKeys.csrfCookie)}`;
  const csrf = values.get(ClientKeys.csrfCookie) ?? '';
  return { cookie, csrf, headers: { cookie, [ClientKeys.csrfHeader]: csrf } };
}

/** Staff accounts of the demo tenant: they sign in at the staff login. */
const staffUsers = new Set(['admin', 'buyer01', 'qc01', 'clerk01', 'invoice01', 'finance01', 'cashier01']);

type AnyCall = CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>;

/** What a call answered: the HTTP status, the envelope as sent, and its data as the contract types it. */
export interface CallAnswer<C> {
  status: number;
  envelope: Envelope<unknown> & Partial<LegacyEnvelope<unknown>>;
  /** The envelope's data (a legacy call's content.result); only meaningful when `status` is 200. */
  data: CallData<C>;
}

/**
 * Who calls: a demo user (who logs in once, on first use), nobody (no token), or a session the test holds itself
 * (one logged in before a change that should end it, one with a new password, a stale token).
 */
export type Caller = string | null | { token: string };

export type CallAs = <C extends AnyCall>(user: Caller, call: C, input?: CallSend<C>) => Promise<CallAnswer<C>>;

function queryString(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** callAs for one app: each demo user logs in once, on first use. */
export function callerOf(app: FastifyInstance, apiPrefix: string): CallAs {
  const tokens = new Map<string, Promise<string>>();
  const tokenOf = (user: string) => {
    let token = tokens.get(user);
    if (!token) {
      token = tokenFor(app, user, { staff: staffUsers.has(user) });
      tokens.set(user, token);
    }
    return token;
  };
  return async (user, call, input) => {
    const sent = (input ?? {}) as { query?: object; body?: object };
    const token = user === null ? null : typeof user === 'string' ? await tokenOf(user) : user.token;
    // Tests change grants and accounts with SQL behind the portal's back, as an operator with psql would: the
    // session cache drops what they changed once its listener reads their notification, so a call waits for
    // that first (a marker notified now is answered after every earlier notification).
    await app.sessionCache?.waitForListeners();
    const res = await app.inject({
      method: call.method,
      url: `${apiPrefix}${call.path}${queryString(sent.query)}`,
      headers: token === null ? {} : { token },
      ...(sent.body === undefined ? {} : { payload: sent.body }),
    });
    const envelope = res.json() as CallAnswer<typeof call>['envelope'];
    const data = (call.envelope === 'legacy' ? envelope.content?.result : envelope.data) as CallData<typeof call>;
    return { status: res.statusCode, envelope, data };
  };
}
