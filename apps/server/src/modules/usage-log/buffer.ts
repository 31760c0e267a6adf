// Usage-log rows wait here and are written in batches, so that logging never slows a request.
// Rows still buffered when a process dies are lost: acceptable for usage statistics, not for business data.
// While the database is slow or away, at most `maxPending` rows wait; newer ones are dropped (and counted).
import type { Insertable, Kysely } from 'kysely';
import type { DB, UsageLogTable } from '../../db/schema';
import * as repo from './repo';

export class UsageLogBuffer {
  private rows: Insertable<UsageLogTable>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Rows taken and not yet written (buffered, or in a batch waiting for its insert). */
  private pending = 0;
  /** Rows dropped because too many were pending. */
  dropped = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly onError: (err: unknown) => void,
    private readonly maxRows = 500,
    private readonly intervalMs = 2000,
    private readonly maxPending = 20 * maxRows,
  ) {}

  /** Takes rows to write soon; answers how many it took (none while `maxPending` rows wait already). */
  push(rows: Insertable<UsageLogTable>[]): number {
    const taken = rows.slice(0, Math.max(0, this.maxPending - this.pending));
    this.dropped += rows.length - taken.length;
    this.pending += taken.length;
    this.rows.push(...taken);
    if (this.rows.length >= this.maxRows) void this.flush();
    else if (this.rows.length > 0) this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
    return taken.length;
  }

  /** Writes what is buffered; resolves when every earlier flush has finished too. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.rows.splice(0);
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await repo.insertUsageRows(this.db, batch);
      } catch (err) {
        this.onError(err);
      } finally {
        this.pending -= batch.length;
      }
    });
    return this.flushing;
  }
}
