// Sessions kept in the process for a few seconds, so that most calls skip the session query, and never
// longer than the database agrees: migration 0026's triggers notify the channel `portal_session_cache` of
// every change that decides a session's validity or grants (a session's token hash, or `*` for anything
// else), and each process holds one connection that LISTENs to it and drops what changed. While that
// connection is not listening (starting, lost, reconnecting) nothing is kept and nothing is answered from
// the cache, so a notification missed then can never leave a stale entry behind.
//
// An entry is only a shortcut for a call that passes: authenticate re-checks expiry, the idle limit, the
// account and the supplier on every hit, and asks the database whenever a cached row would refuse the call.
// Entries are bounded by count (least recently used out first) and by age (maxAgeMs, a safety net).
//
// A change made through this process: the call that made it answers only after every listening process has
// acknowledged a marker notified after the change, so each has dropped what the change named before the
// caller can make its next call, to whichever process (waitForListeners).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sessionCacheChannel } from '../../db/session-signals';
import type { SessionRow } from './repo';

type CachedRow = SessionRow;

/** application_name of the listening connections. */
const listenerName = 'portal-session-cache';

interface Entry {
  row: CachedRow;
  /** When it was read (the app's clock, ms). */
  at: number;
}

export interface SessionCacheOptions {
  /** Connection string of the listening connection (the database of the pool). */
  url: string;
  /** Most sessions kept. */
  capacity: number;
  /** Longest an entry is used after it was read. */
  maxAgeMs: number;
  /** Wait before connecting again after the listening connection was lost. */
  retryMs?: number;
  /** Longest wait of a call for its own change's marker. */
  barrierTimeoutMs?: number;
  /** The listening connection is asked a trivial query this often; unanswered for 2.5 times as long, nothing is answered from the cache. */
  heartbeatMs?: number;
  connectTimeoutMs?: number;
  log?: (level: 'info' | 'warn', message: string) => void;
}

export interface SessionCacheStats {
  hits: number;
  misses: number;
  notifications: number;
  /** Times the listening connection was (re)established. */
  connects: number;
  size: number;
}

export class SessionCache {
  /** Bumped by every notification and every change of the listener's state: a read begun before is not kept. */
  generation = 0;
  readonly stats: Omit<SessionCacheStats, 'size'> = { hits: 0, misses: 0, notifications: 0, connects: 0 };
  private readonly sessions = new Map<string, Map<string, Entry>>();
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  /** When the listening connection last answered (performance.now()). */
  private answeredAt = 0;
  private heartbeatInFlight = false;
  private readonly barriers = new Map<string, { answered(pid: number): void; lost(): void }>();
  private liveWaiters: (() => void)[] = [];

  constructor(private readonly options: SessionCacheOptions) {}

  /** Starts listening (in the background: until it listens, every call goes to the database). */
  start(): void {
    void this.connect();
  }

  /** Whether the listening connection listens and answered lately: only then is anything kept or answered. */
  get live(): boolean {
    return this.listening && performance.now() - this.answeredAt < 2.5 * this.heartbeatMs;
  }

  private get heartbeatMs(): number {
    return this.options.heartbeatMs ?? 1000;
  }

  /** Resolves once the listener listens (tests, and the cluster's start). */
  whenLive(): Promise<void> {
    if (this.listening) return Promise.resolve();
    return new Promise((resolve) => this.liveWaiters.push(resolve));
  }

  /** The backend process id of the listening connection (tests terminate it). */
  get listenerPid(): number | undefined {
    return (this.client as (pg.Client & { processID?: number }) | undefined)?.processID;
  }

  size(): number {
    return this.sessions.size;
  }

  /** The row a lookup of this token and access read, if it is still to be used at `now`. */
  get(tokenHash: string, accessKey: string, now: number): CachedRow | undefined {
    if (!this.live) return undefined;
    const accesses = this.sessions.get(tokenHash);
    const entry = accesses?.get(accessKey);
    if (!accesses || !entry || now - entry.at > this.options.maxAgeMs || now < entry.at) {
      if (entry) accesses?.delete(accessKey);
      this.stats.misses++;
      return undefined;
    }
    // Least recently used last out: a hit moves its session to the end.
    this.sessions.delete(tokenHash);
    this.sessions.set(tokenHash, accesses);
    this.stats.hits++;
    return entry.row;
  }

  /** Keeps a row read by a lookup that began at `generation`, unless something changed since. */
  offer(tokenHash: string, accessKey: string, row: CachedRow, generation: number, now: number): void {
    if (!this.live || generation !== this.generation || row.revoked_at) return;
    let accesses = this.sessions.get(tokenHash);
    if (!accesses) {
      while (this.sessions.size >= this.options.capacity) {
        const oldest = this.sessions.keys().next();
        if (oldest.done) break;
        this.sessions.delete(oldest.value);
      }
      this.sessions.set(tokenHash, (accesses = new Map()));
    }
    accesses.set(accessKey, { row, at: now });
  }

  /** The session was seen at `lastSeen` (written to the database): its entries carry it on. */
  touched(tokenHash: string, lastSeen: Date): void {
    for (const entry of this.sessions.get(tokenHash)?.values() ?? []) entry.row = { ...entry.row, last_seen_at: lastSeen };
  }

  drop(tokenHash: string): void {
    this.generation++;
    this.sessions.delete(tokenHash);
  }

  clear(): void {
    this.generation++;
    this.sessions.clear();
  }

  /**
   * Answers once every listening process has seen every change committed so far: a marker is notified after
   * them (notifications are queued in commit order and each listener reads them in that order), and each
   * listener answers the marker once it has dropped what the earlier notifications named; this waits for
   * the answers of every connection listening when it asks. Gives up after barrierTimeoutMs (a process that
   * does not answer, e.g. one that hangs), and at once while this process's listener is down.
   */
  async waitForListeners(): Promise<void> {
    const client = this.client;
    if (!this.listening || !client) return;
    const id = randomUUID();
    const answered = new Set<number>();
    let expected: number[] | undefined;
    let timer: NodeJS.Timeout | undefined;
    let done = () => {};
    const all = new Promise<void>((resolve) => {
      done = resolve;
      timer = setTimeout(resolve, this.options.barrierTimeoutMs ?? 1000);
    });
    const check = () => {
      if (expected?.every((pid) => answered.has(pid))) done();
    };
    this.barriers.set(id, { answered: (pid) => (answered.add(pid), check()), lost: done });
    try {
      // The time limit holds for the queries too: a listening connection that stopped answering (its loss not yet
      // noticed by the heartbeat) must not hold the caller's answer.
      const asked = (async () => {
        const listeners = await client.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
          [listenerName],
        );
        await client.query('SELECT pg_notify($1, $2)', [sessionCacheChannel, `b:${id}`]);
        expected = listeners.rows.map((r) => r.pid);
        check();
      })();
      // The connection was lost: lost() cleared the cache and lets nothing be kept until it listens again.
      asked.catch(done);
      await all;
    } finally {
      clearTimeout(timer);
      this.barriers.delete(id);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    const client = this.client;
    this.setLost();
    if (client) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.options.url,
      keepAlive: true,
      connectionTimeoutMillis: this.options.connectTimeoutMs ?? 5000,
    });
    this.client = client;
    client.on('notification', (message) => this.notified(message.payload ?? '*', message.processId));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${sessionCacheChannel}`);
      // Named once it listens: waitForListeners waits for the answer of every connection of this name.
      await client.query(`SET application_name = '${listenerName}'`);
    } catch (err) {
      this.lost(client, err instanceof Error ? err : new Error(String(err)));
      return;
    }
    if (this.client !== client || this.closed) return;
    this.sessions.clear();
    this.generation++;
    this.listening = true;
    this.answeredAt = performance.now();
    this.heartbeat = setInterval(() => this.beat(client), this.heartbeatMs).unref();
    this.stats.connects++;
    if (this.stats.connects > 1) this.options.log?.('info', 'session cache: listening again');
    for (const resolve of this.liveWaiters.splice(0)) resolve();
  }

  private notified(payload: string, from: number): void {
    this.stats.notifications++;
    if (payload.startsWith('b:')) {
      // Everything notified before the marker has been dropped (notifications are handled in order, at once).
      this.client?.query('SELECT pg_notify($1, $2)', [sessionCacheChannel, `a:${payload.slice(2)}`]).catch(() => undefined);
      return;
    }
    if (payload.startsWith('a:')) {
      this.barriers.get(payload.slice(2))?.answered(from);
      return;
    }
    if (payload.startsWith('s:')) this.drop(payload.slice(2));
    else this.clear();
  }

  /**
   * A trivial query on the listening connection: notifications sent before its answer have been handled, so
   * the connection is known to deliver them. One that stays unanswered makes the connection count as lost.
   */
  private beat(client: pg.Client): void {
    if (this.client !== client) return;
    if (this.heartbeatInFlight) {
      if (performance.now() - this.answeredAt > 3 * this.heartbeatMs) this.lost(client, new Error('no answer to the heartbeat'));
      return;
    }
    this.heartbeatInFlight = true;
    client.query('SELECT 1').then(
      () => {
        this.heartbeatInFlight = false;
        if (this.client === client) this.answeredAt = performance.now();
      },
      (err: unknown) => {
        this.heartbeatInFlight = false;
        this.lost(client, err instanceof Error ? err : new Error(String(err)));
      },
    );
  }

  /** Nothing kept, nothing answered, pending waits released. */
  private setLost(): void {
    clearInterval(this.heartbeat);
    this.heartbeatInFlight = false;
    this.listening = false;
    this.client = undefined;
    this.clear();
    for (const barrier of this.barriers.values()) barrier.lost();
    this.barriers.clear();
  }

  private lost(client: pg.Client, err?: Error): void {
    if (this.client !== client) return;
    this.setLost();
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.options.log?.('warn', `session cache: listening connection lost (${err?.message ?? 'closed'}); calls go to the database`);
    this.retry = setTimeout(() => void this.connect(), this.options.retryMs ?? 1000);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's session cache, when it has one (metrics, tests). */
    sessionCache: SessionCache | undefined;
  }
}
