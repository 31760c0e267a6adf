// Usage-log rows wait here and are written in batches, so that logging never slows a request.
// Rows still buffered when a process dies are lost: acceptable for usage statistics, not for business data.
import type { Insertable, Kysely } from 'kysely';
import type { DB, UsageLogTable } from '../../db/schema';

export class UsageLogBuffer {
  private rows: Insertable<UsageLogTable>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly onError: (err: unknown) => void,
    private readonly maxRows = 500,
    private readonly intervalMs = 2000,
  ) {}

  push(rows: Insertable<UsageLogTable>[]): void {
    this.rows.push(...rows);
    if (this.rows.length >= this.maxRows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /** Writes what is buffered; resolves when every earlier flush has finished too. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.rows.splice(0);
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.db.insertInto('usage_log').values(batch).execute();
      } catch (err) {
        this.onError(err);
      }
    });
    return this.flushing;
  }
}
