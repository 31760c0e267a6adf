// Every setting of the server, read from the environment once, validated, with defaults.
import path from 'node:path';
import { z } from 'zod';
import type { DatabaseOptions } from './db/database';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATABASE_READ_URL: z.string().optional(),
  DB_TRANSACTION_POOLING: bool.default(false),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]{0,6}(kB|MB|GB)$/, 'EMBEDDED_PG_SHARED_BUFFERS is a size such as 512MB or 2GB')
    .optional(),
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  API_PREFIX: z
    .string()
    .regex(/^\/[\w/-]*$/, 'API_PREFIX must start with /')
    .default('/api'),
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  DEMO_FEED_MINUTES: z.coerce.number().int().min(0).max(1440).default(0),
  DEMO_FEED_TENANT: z.string().trim().min(1).max(32).default('demo'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(24),
  PASSWORD_VALID_DAYS: z.coerce.number().int().positive().default(90),
  ACCOUNT_EXPIRE_WARN_DAYS: z.coerce.number().int().nonnegative().default(15),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  DB_EXPORT_POOL_SIZE: z.coerce.number().int().positive().default(4),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  EXPORTS_PER_ACCOUNT: z.coerce.number().int().positive().default(2),
  EXPORTS_PER_TENANT: z.coerce.number().int().positive().default(3),
  EXPORT_WRITE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  DYNAMIC_QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  DYNAMIC_QUERY_ROW_CAP: z.coerce.number().int().positive().default(50_000),
  DYNAMIC_QUERY_MAX_COST: z.coerce.number().positive().default(2_000_000),
  DYNAMIC_QUERY_CONCURRENCY: z.coerce.number().int().positive().default(3),
  DYNAMIC_QUERY_QUEUE: z.coerce.number().int().nonnegative().default(50),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().nonnegative().default(30),
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
  SINGLE_SESSION: bool.default(false),
  LOGIN_CAPTCHA_AFTER: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_AFTER: z.coerce.number().int().positive().default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_IP_CAPTCHA_AFTER: z.coerce.number().int().positive().default(20),
  LOGIN_IP_LOCK_AFTER: z.coerce.number().int().positive().default(100),
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().nonnegative().default(500),
  IDENT_COOKIE_HOURS: z.coerce.number().int().positive().default(8),
  MFA_LOCK_AFTER: z.coerce.number().int().positive().default(5),
  DATA_SECRET_KEY: z
    .string()
    .trim()
    .refine((v) => v === '' || Buffer.from(v, 'base64').length === 32, 'DATA_SECRET_KEY: 32 bytes in base64 (openssl rand -base64 32)')
    .default(''),
  MFA_ISSUER: z.string().trim().min(1).max(64).default('供应商协同平台'),
  HTTPS: bool.default(false),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN: at least 16 characters').optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, c) => trustProxyOf(v, c)),
  APPLY_PER_HOUR: z.coerce.number().int().positive().default(5),
  APPLY_QUERY_PER_HOUR: z.coerce.number().int().positive().default(30),
  USAGE_LOG_PER_MINUTE: z.coerce.number().int().positive().default(300),
  NOTIFY_DISPATCH: bool.default(true),
  NOTIFY_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(200),
  NOTIFY_BATCH: z.coerce.number().int().min(1).max(5000).default(200),
  PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, "PUBLIC_URL: the portal's address, http(s)://host[:port][/path]")
    .optional(),
  NOTIFY_WORKER: bool.default(true),
  NOTIFY_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  NOTIFY_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
  NOTIFY_RETRY_MAX_SECONDS: z.coerce
    .number()
    .positive()
    .default(4 * 3600),
  NOTIFY_LEASE_SECONDS: z.coerce.number().int().min(5).default(120),
  NOTIFY_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  NOTIFY_MAX_LAG_MS: z.coerce.number().int().min(0).max(10_000).default(20),
  NOTIFY_MAX_PER_SECOND: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  NOTIFY_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  NOTIFY_ALLOW_PRIVATE_URLS: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((a) => /^[\d.]+(\/\d{1,2})?$|^[\da-fA-F:.]*:[\da-fA-F:.]*(\/\d{1,3})?$/.test(a)),
      'NOTIFY_ALLOW_PRIVATE_URLS: comma-separated addresses or CIDR blocks (127.0.0.1,::1,10.0.0.0/8)',
    ),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/\S+$/, 'SMTP_URL: smtp://user:password@host:587 or smtps://user:password@host:465')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  FRAME_ANCESTORS: z
    .string()
    .trim()
    .default("'self'")
    .refine((v) => /^[^;,\s]+(\s+[^;,\s]+)*$/.test(v), 'FRAME_ANCESTORS: sources separated by spaces'),
});

/**
 * Which peers may tell the client's address in X-Forwarded-For, as Fastify's trustProxy takes it: false
 * (default: nobody), true (every peer: only when a proxy is the sole way in), a hop count, or
 * comma-separated addresses and CIDR ranges.
 */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

function trustProxyOf(value: string, c: z.RefinementCtx): TrustProxy {
  if (['false', '0', 'no', ''].includes(value)) return false;
  if (['true', 'yes'].includes(value)) return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const addresses = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (!addresses.every((a) => /^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(a)))
    c.addIssue({ code: 'custom', message: 'TRUST_PROXY: true, false, a hop count or comma-separated addresses/CIDRs' });
  return addresses;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PostgreSQL cluster in dataDir is used. */
  databaseUrl: string | undefined;
  /**
   * A read-only connection (a streaming replica) for reports, exports, query pages and dashboards; unset: they read
   * on databaseUrl. Needs databaseUrl.
   */
  databaseReadUrl: string | undefined;
  /**
   * The connection strings lead to a transaction-pooling PgBouncer: no named prepared statements, no statement_timeout
   * start-up parameter, the audit actor set per transaction (SET LOCAL) rather than per connection.
   */
  dbTransactionPooling: boolean;
  dataDir: string;
  /** The embedded cluster's shared_buffers; unset: an eighth of the machine's memory, 128MB to 1GB. */
  embeddedSharedBuffers: string | undefined;
  /** Server processes on the port (node:cluster); unset: 1, or the number of cores with --cluster. */
  workers: number | undefined;
  apiPrefix: string;
  webDist: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  seedDemo: boolean;
  /** The demo feed: new orders and receiving for `tenant` every `minutes` through the integration service (0: off). */
  demoFeed: { minutes: number; tenant: string };
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  passwordValidDays: number;
  accountExpireWarnDays: number;
  dbPoolSize: number;
  dbExportPoolSize: number;
  dbConnectTimeoutMs: number;
  dbStatementTimeoutMs: number;
  exports: {
    /** Concurrent downloads of one account, of one tenant, and in all (the export pool's size); more answer 429. */
    perAccount: number;
    perTenant: number;
    total: number;
    /** A download whose client has taken nothing for this long is cut. */
    writeTimeoutMs: number;
  };
  /** The dynamic-query runner: statement timeout, most rows a run counts or exports, planner cost refused, runs at once. */
  dynamicQuery: { timeoutMs: number; rowCap: number; maxCost: number; concurrency: number; queue: number };
  /** Longest wait on SIGTERM for the calls and downloads in flight. */
  shutdownGraceSeconds: number;
  /** How far the JavaScript heap grows past its live part before a full collection (platform/heap.ts); 0: V8's own. */
  heapGrowingPercent: number;
  /** One live session per account: a newer login ends the older one. */
  singleSession: boolean;
  login: {
    captchaAfter: number;
    lockAfter: number;
    lockMinutes: number;
    ipCaptchaAfter: number;
    ipLockAfter: number;
    /** Delay added per failure once a captcha is required. */
    slowdownMs: number;
  };
  identCookieHours: number;
  /**
   * Two-factor sign-in: wrong codes before the account's code step locks (for LOGIN_LOCK_MINUTES); the issuer
   * authenticator apps show.
   */
  mfa: { lockAfter: number; issuer: string };
  /**
   * The key sealing the secrets the portal reads back (TOTP secrets, the signing secrets of webhooks and robots):
   * base64, 32 bytes; empty: a key kept in the database's server_secret (platform/secret-box.ts).
   */
  dataSecretKey: string;
  /** Served over HTTPS (directly or behind a TLS proxy): Secure cookies and HSTS. */
  https: boolean;
  trustProxy: TrustProxy;
  /** CSP frame-ancestors sources: who may frame the portal (the identity provider, say). */
  frameAncestors: string;
  /** Cooperation applications one client address may submit, and state look-ups it may make, per hour. */
  apply: { perHour: number; queriesPerHour: number };
  /** Usage-log calls one account (or, without a session, one client address) may send a minute to one server process. */
  usageLogPerMinute: number;
  /** Bearer token of a scraper for /metrics; staff of the admin role may read it with their session too. */
  metricsToken: string | undefined;
  /** The notification dispatcher (outbox -> messages and deliveries): on or off in this process, its poll and batch. */
  dispatcher: { enabled: boolean; pollMs: number; batch: number };
  /** The portal's address as its users reach it: the links of e-mails and robot messages. */
  publicUrl: string;
  /** Delivery of notifications (docs/notify-delivery.md): the worker of this process, retries, the address guard. */
  notify: {
    worker: boolean;
    concurrency: number;
    maxAttempts: number;
    retryBaseMs: number;
    retryMaxMs: number;
    leaseMs: number;
    sendTimeoutMs: number;
    /** The event-loop delay above which the worker keeps fewer sends in flight (the interactive calls come first); 0: never. */
    maxLagMs: number;
    /** Sends a process starts a second at most (a steady drain the interactive calls hardly feel); 0: no limit. */
    maxPerSecond: number;
    /** The retailer's hour (0-23) from which the day's digest e-mails go out. */
    digestHour: number;
    /** Private addresses and CIDR blocks robots and webhooks may reach nevertheless. */
    allowPrivateUrls: string[];
  };
  /** SMTP for e-mail notifications; null: not set, e-mails wait. */
  mail: { url: string; from: string } | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  // The embedded cluster has no replica: a read connection beside it would read another database.
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) throw new Error('Invalid configuration: DATABASE_READ_URL needs DATABASE_URL');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    databaseReadUrl: e.DATABASE_READ_URL || undefined,
    dbTransactionPooling: e.DB_TRANSACTION_POOLING,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedSharedBuffers: e.EMBEDDED_PG_SHARED_BUFFERS,
    workers: e.WORKERS,
    apiPrefix: e.API_PREFIX.replace(/\/$/, ''),
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    demoFeed: { minutes: e.DEMO_FEED_MINUTES, tenant: e.DEMO_FEED_TENANT },
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    passwordValidDays: e.PASSWORD_VALID_DAYS,
    accountExpireWarnDays: e.ACCOUNT_EXPIRE_WARN_DAYS,
    dbPoolSize: e.DB_POOL_SIZE,
    dbExportPoolSize: e.DB_EXPORT_POOL_SIZE,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    exports: {
      perAccount: e.EXPORTS_PER_ACCOUNT,
      perTenant: e.EXPORTS_PER_TENANT,
      total: e.DB_EXPORT_POOL_SIZE,
      writeTimeoutMs: e.EXPORT_WRITE_TIMEOUT_MS,
    },
    dynamicQuery: {
      timeoutMs: e.DYNAMIC_QUERY_TIMEOUT_MS,
      rowCap: e.DYNAMIC_QUERY_ROW_CAP,
      maxCost: e.DYNAMIC_QUERY_MAX_COST,
      concurrency: e.DYNAMIC_QUERY_CONCURRENCY,
      queue: e.DYNAMIC_QUERY_QUEUE,
    },
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    singleSession: e.SINGLE_SESSION,
    login: {
      captchaAfter: e.LOGIN_CAPTCHA_AFTER,
      lockAfter: e.LOGIN_LOCK_AFTER,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
      ipCaptchaAfter: e.LOGIN_IP_CAPTCHA_AFTER,
      ipLockAfter: e.LOGIN_IP_LOCK_AFTER,
      slowdownMs: e.LOGIN_SLOWDOWN_MS,
    },
    identCookieHours: e.IDENT_COOKIE_HOURS,
    mfa: { lockAfter: e.MFA_LOCK_AFTER, issuer: e.MFA_ISSUER },
    dataSecretKey: e.DATA_SECRET_KEY,
    https: e.HTTPS,
    trustProxy: e.TRUST_PROXY,
    frameAncestors: e.FRAME_ANCESTORS,
    apply: { perHour: e.APPLY_PER_HOUR, queriesPerHour: e.APPLY_QUERY_PER_HOUR },
    usageLogPerMinute: e.USAGE_LOG_PER_MINUTE,
    metricsToken: e.METRICS_TOKEN || undefined,
    dispatcher: { enabled: e.NOTIFY_DISPATCH, pollMs: e.NOTIFY_POLL_MS, batch: e.NOTIFY_BATCH },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    notify: {
      worker: e.NOTIFY_WORKER,
      concurrency: e.NOTIFY_CONCURRENCY,
      maxAttempts: e.NOTIFY_MAX_ATTEMPTS,
      retryBaseMs: e.NOTIFY_RETRY_BASE_SECONDS * 1000,
      retryMaxMs: e.NOTIFY_RETRY_MAX_SECONDS * 1000,
      // A lease outlives a send's time limit many times over: a slow send is never retaken (and sent twice).
      leaseMs: Math.max(e.NOTIFY_LEASE_SECONDS * 1000, e.NOTIFY_SEND_TIMEOUT_MS * 6),
      sendTimeoutMs: e.NOTIFY_SEND_TIMEOUT_MS,
      maxLagMs: e.NOTIFY_MAX_LAG_MS,
      maxPerSecond: e.NOTIFY_MAX_PER_SECOND,
      digestHour: e.NOTIFY_DIGEST_HOUR,
      allowPrivateUrls: e.NOTIFY_ALLOW_PRIVATE_URLS,
    },
    mail: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM ?? `供应商协同平台 <noreply@${hostOf(e.SMTP_URL)}>` } : null,
  };
}

/** The host of a URL (the default sender's domain). */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** What openDatabase needs of the settings. */
export function databaseOptionsOf(config: Config): DatabaseOptions {
  return {
    databaseUrl: config.databaseUrl,
    databaseReadUrl: config.databaseReadUrl,
    transactionPooling: config.dbTransactionPooling,
    dataDir: config.dataDir,
    embeddedSharedBuffers: config.embeddedSharedBuffers,
    poolSize: config.dbPoolSize,
    exportPoolSize: config.dbExportPoolSize,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    reportPoolSize: config.dynamicQuery.concurrency,
    reportTimeoutMs: config.dynamicQuery.timeoutMs,
  };
}
