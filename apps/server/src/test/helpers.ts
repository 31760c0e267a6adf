// Shared test helpers: a database of its own per test file on the tests' PostgreSQL (test/global-setup.ts),
// empty or copied from a template migrated and seeded once per run, the app on it, and logged-in callers.
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { type CallData, type CallDef, type CallSend, ClientKeys, type Envelope, type LegacyEnvelope } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { z } from 'zod';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, migrateToLatest, openDatabase } from '../db/database';
import { demoPassword, seedDemo } from '../db/seed/demo';
import { seedActions } from '../seed-actions';
import { seedIngest } from '../seed-ingest';

export { demoPassword };

/** The tests' PostgreSQL server, as a superuser (test/global-setup.ts). */
function serverUrl(): string {
  const url = inject('testDatabaseUrl');
  if (!url) throw new Error('no test database: run the server tests with the root vitest.config.ts (its global setup)');
  return url;
}

const urlOf = (database: string) => {
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  return url.toString();
};

async function asAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A new database on the tests' server, a copy of `template` when given: opened, dropped again on close. */
async function newDatabase(template?: string): Promise<Database> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        return;
      } catch (err) {
        // 55006: the template's last connection (its build) is still closing.
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  const database = await openDatabase({ databaseUrl: urlOf(name), poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** An empty database of its own (no migrations). */
export function freshDatabase(): Promise<Database> {
  return newDatabase();
}

/** Templates made by this process, by name. */
const templates = new Map<string, Promise<string>>();

/**
 * The name of a database migrated and seeded with the demo data of `today` (the seed reads both the UTC and the
 * Shanghai date), made once per run and seed by whichever test file asks first: the others wait on a lock.
 */
function templateFor(today: Date, business: boolean): Promise<string> {
  const day = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
  const name = `portal_tpl_${inject('testRunId')}_${business ? 'b' : 'p'}_${day(today)}_${day(new Date(today.getTime() + 8 * 3_600_000))}`;
  let made = templates.get(name);
  if (!made) {
    made = asAdmin(async (admin) => {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) {
        // Built under another name and renamed when complete: a run stopped half-way leaves no half template.
        const building = `${name.slice(0, 50)}_${randomBytes(3).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const database = await openDatabase({ databaseUrl: urlOf(building), poolSize: 2 });
        try {
          await migrateToLatest(database.db);
          await seedDemo(database.db, today, { business, ingest: seedIngest, actions: seedActions });
        } finally {
          await database.close();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      return name;
    });
    templates.set(name, made);
  }
  return made;
}

/** A database of its own holding the demo data of today, migrated (business: two years of orders and bills). */
export async function seededDatabase(options: { business?: boolean } = {}): Promise<Database> {
  return newDatabase(await templateFor(new Date(), options.business ?? false));
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
  const database = await seededDatabase({ business: options.business ?? false });
  // The dispatcher is off unless a test turns it on (NOTIFY_DISPATCH): tests call dispatchAll where they need messages.
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', NOTIFY_DISPATCH: 'false', ...options.env });
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

/** A second server on the test app's database with a pool of its own, as a second process would be. */
export async function secondApp(t: TestApp): Promise<{ app: FastifyInstance; callAs: CallAs; close(): Promise<void> }> {
  const database = await openDatabase({ databaseUrl: t.database.url, poolSize: 2 });
  const app = await buildApp(t.config, { database });
  await app.ready();
  return {
    app,
    callAs: callerOf(app, t.config.apiPrefix),
    close: async () => {
      await app.close();
      await database.close();
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
const staffUsers = new Set(['admin', 'buyer01', 'qc01', 'clerk01', 'invoice01', 'finance01', 'cashier01', 'recv01']);

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
