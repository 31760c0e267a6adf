// The delivery worker of a server process: claims due deliveries under a lease, keeps up to `concurrency` sends
// in flight, and writes their outcomes back in batches: sent; pending again after an exponential backoff with
// jitter; or dead (the dead letter, with its reason) after the last try or a failure retrying cannot mend.
// Every process runs one; the queue's claims (FOR UPDATE SKIP LOCKED) share the work without sending a
// delivery twice, and a process killed mid-send leaves its rows to be retaken when their lease runs out.
import type { Kysely } from 'kysely';
import type { DB, DeliveryChannel } from '../../db/schema';
import { backoffMs } from '../../platform/repeat';
import type { SendOutcome } from './message';
import { type ClaimedRow, type Outcome, claimDue, recordOutcomes } from './queue-repo';
import { Pacer, SendRate } from './pacer';
import { type Sender, waitingForMail } from './sender';

export interface WorkerSettings {
  /** Sends in flight at once. */
  concurrency: number;
  /** How long a claim holds a row; a send's time limit stays well below it. */
  leaseMs: number;
  /** Tries before a delivery is dead. */
  maxAttempts: number;
  /** The first retry's delay; each next one doubles, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** The wait before looking again when nothing was due. */
  idlePollMs: number;
  /** The event-loop delay (ms) above which the worker keeps fewer sends in flight (0: never). */
  maxLagMs?: number;
  /** Sends started a second at most (0 or absent: no limit). */
  maxPerSecond?: number;
}

/** How long an e-mail waits, untried, for an SMTP server to be set. */
export const mailWaitMs = 3_600_000;

const allChannels: DeliveryChannel[] = ['email', 'webhook', 'wecom', 'dingtalk', 'feishu'];
/** How often the loop looks for rows whose worker's lease ran out. */
const retakeEveryMs = 5000;
/** The longest wait between claims while claiming fails. */
const claimBackoffMaxMs = 10_000;

/**
 * The delay before try `attempt + 1` after `attempt` failed: base · 2^(attempt-1), capped, of which a random
 * half is taken off ("equal jitter"), so that deliveries failed together do not come back together.
 */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const full = backoffMs(baseMs, attempt, maxMs);
  return Math.round(full / 2 + (random() * full) / 2);
}

/** What a send came to, as the queue records it. */
export function outcomeOf(row: ClaimedRow, result: SendOutcome | 'waiting', settings: WorkerSettings, at: Date): Outcome {
  const base = { id: row.id, tenantId: row.tenant_id, endpointId: row.endpoint_id };
  if (result === 'waiting') return { ...base, state: 'waiting', retryInMs: mailWaitMs, error: waitingForMail };
  const attempt = { at, status: result.status, ok: result.ok, durationMs: result.durationMs, excerpt: result.excerpt };
  if (result.ok) return { ...base, state: 'sent', retryInMs: 0, error: '', attempt };
  if (result.permanent || row.attempts >= settings.maxAttempts)
    return { ...base, state: 'dead', retryInMs: 0, error: result.error || 'failed', attempt };
  return {
    ...base,
    state: 'pending',
    retryInMs: retryDelayMs(row.attempts, settings.retryBaseMs, settings.retryMaxMs),
    error: result.error || 'failed',
    attempt,
  };
}

export interface WorkerLog {
  info(o: object, m: string): void;
  error(o: object, m: string): void;
}

export class DeliveryWorker {
  private stopped = false;
  private loopDone: Promise<void> | undefined;
  private readonly sends = new Set<Promise<void>>();
  private outcomes: Outcome[] = [];
  private writing: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private waitingForRoom = false;
  /** Sends in flight at which a worker paused for room claims again. */
  private wakeBelow = 0;
  /** When the loop last looked for rows whose lease ran out. */
  private retakenAt = 0;
  /** Claims that failed in a row. */
  private claimFailures = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly sender: Sender,
    private readonly settings: WorkerSettings,
    /** locked_by of its claims: the process and this worker. */
    readonly id: string,
    private readonly log: WorkerLog,
  ) {}

  start(): void {
    this.loopDone ??= this.loop(
      new Pacer(this.settings.concurrency, this.settings.maxLagMs ?? 0),
      new SendRate(this.settings.maxPerSecond ?? 0),
    );
  }

  /** Stops claiming, lets the sends in flight end and writes their outcomes. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loopDone;
    await Promise.all(this.sends);
    await this.flush();
  }

  /** One claim, every send of it, their outcomes written: the rows claimed (tests and the bench drive it). */
  async runOnce(limit = this.settings.concurrency): Promise<number> {
    const rows = await claimDue(this.db, { worker: this.id, limit, leaseMs: this.settings.leaseMs, channels: allChannels, retake: true });
    for (const row of rows) this.dispatch(row);
    await Promise.all(this.sends);
    await this.flush();
    return rows.length;
  }

  private async loop(pacer: Pacer, rate: SendRate): Promise<void> {
    while (!this.stopped) {
      // Sends in flight up to the pacer's limit (lower while the event loop lags behind the interactive calls);
      // claims for half the slots or more at a time: one round trip per batch, not one per freed slot.
      const limit = pacer.limit;
      const room = limit - this.sends.size;
      const lowWater = Math.max(1, Math.floor(limit / 2));
      if (room < lowWater) {
        this.wakeBelow = limit - lowWater;
        await this.pause(this.settings.idlePollMs, 'room');
        continue;
      }
      let rows: ClaimedRow[] = [];
      // Rows of a dead worker wait out their lease anyway: looking for them every few seconds is soon enough.
      const retake = Date.now() - this.retakenAt >= retakeEveryMs;
      if (retake) this.retakenAt = Date.now();
      try {
        rows = await claimDue(this.db, { worker: this.id, limit: room, leaseMs: this.settings.leaseMs, channels: allChannels, retake });
        this.claimFailures = 0;
      } catch (err) {
        // The database away: said, and tried again after a wait that grows with each failure in a row.
        this.claimFailures++;
        this.log.error({ err, failures: this.claimFailures }, 'notification deliveries could not be claimed');
        await this.pause(backoffMs(this.settings.idlePollMs, this.claimFailures, claimBackoffMaxMs), 'idle');
        continue;
      }
      for (const row of rows) {
        await rate.take();
        this.dispatch(row);
        // A send's start (its message rendered, signed, written to the socket) is a few hundred microseconds of
        // this process's time: back to the event loop after each, so that a call arriving meanwhile waits for one
        // send, not for a bucket of them (bench:notify-deliveries, getInfo's p99 during a drain).
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Fewer than asked: nothing more is due now; look again after the poll interval.
      if (rows.length < room) await this.pause(this.settings.idlePollMs, 'idle');
    }
    pacer.stop();
  }

  /** Waits `ms`, or less when the worker stops or (waiting for room) enough sends have ended. */
  private pause(ms: number, why: 'room' | 'idle'): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waitingForRoom = why === 'room';
      this.wake = done;
    });
  }

  private dispatch(row: ClaimedRow): void {
    const sent: Promise<void> = this.sender
      .send(row)
      .then((result) => {
        this.outcomes.push(outcomeOf(row, result, this.settings, new Date()));
      })
      .finally(() => {
        this.sends.delete(sent);
        this.scheduleFlush();
        // Half the slots free: a worker paused for room claims again now.
        if (this.waitingForRoom && this.sends.size <= this.wakeBelow) {
          this.waitingForRoom = false;
          this.wake?.();
        }
      });
    this.sends.add(sent);
  }

  /** Outcomes are written together: at once when many are waiting, else a few milliseconds later. */
  private scheduleFlush(): void {
    if (this.outcomes.length >= Math.max(8, this.settings.concurrency)) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), 20);
  }

  private flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.outcomes;
    this.outcomes = [];
    if (batch.length === 0) return this.writing;
    // One write at a time, in order; a failed write leaves its rows leased: retaken (and sent again) after the lease.
    this.writing = this.writing.then(() =>
      recordOutcomes(this.db, this.id, batch).catch((err: unknown) =>
        this.log.error({ err, deliveries: batch.length }, 'notification delivery outcomes could not be written'),
      ),
    );
    return this.writing;
  }
}
