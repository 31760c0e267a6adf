// Whether the database answers. A database that stops answering without closing its sockets (a frozen
// server, a network that drops packets) would hold every call until its query timeout (30 s). So a probe on
// a connection of its own goes out once a query or a connect has waited `probeAfterMs` (1 s); unanswered within
// `probeTimeoutMs` (3 s), the database counts as unresponsive: the work waiting on it fails at once, new work is
// refused at once (both 503), and the probe is repeated every `retryMs` until it answers again.

/** The database does not answer (a 503 the caller may retry: db/unavailable.ts). */
export class DatabaseUnresponsiveError extends Error {
  constructor() {
    super('the database does not answer');
  }
}

export interface ResponsivenessOptions {
  /** Whether the database answers a trivial query within timeoutMs (on a connection apart from the pools). */
  probe: (timeoutMs: number) => Promise<boolean>;
  probeAfterMs?: number;
  probeTimeoutMs?: number;
  retryMs?: number;
  /** Told when the database stops or starts answering again. */
  onChange?: (responsive: boolean) => void;
}

interface Waiter {
  since: number;
  fail: () => void;
}

export class Responsiveness {
  private down = false;
  private readonly waiters = new Set<Waiter>();
  private probing: Promise<boolean> | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly probeAfterMs: number;
  private readonly probeTimeoutMs: number;
  private readonly retryMs: number;

  constructor(private readonly options: ResponsivenessOptions) {
    this.probeAfterMs = options.probeAfterMs ?? 1000;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 3000;
    this.retryMs = options.retryMs ?? 1000;
  }

  get responsive(): boolean {
    return !this.down;
  }

  /**
   * Work that waits on the database: refused without starting while the database does not answer, failed as soon
   * as it is found not to. `onFail` runs when waiting work is failed (end its connection); `onLate` gets what work
   * failed that way still delivers later (release a connection acquired too late).
   */
  watch<T>(start: () => Promise<T>, hooks: { onFail?: () => void; onLate?: (value: T) => void } = {}): Promise<T> {
    if (this.down) return Promise.reject(new DatabaseUnresponsiveError());
    const work = start();
    return new Promise<T>((resolve, reject) => {
      let failed = false;
      const waiter: Waiter = {
        since: Date.now(),
        fail: () => {
          failed = true;
          reject(new DatabaseUnresponsiveError());
          hooks.onFail?.();
        },
      };
      this.waiters.add(waiter);
      this.startWatchdog();
      work.then(
        (value) => {
          this.waiters.delete(waiter);
          if (failed) hooks.onLate?.(value);
          else resolve(value);
        },
        (err: unknown) => {
          this.waiters.delete(waiter);
          if (!failed) reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }

  /** Probes now (one probe at a time, shared): false marks the database unresponsive until a probe answers. */
  check(): Promise<boolean> {
    this.probing ??= this.options
      .probe(this.probeTimeoutMs)
      .catch(() => false)
      .then((answered) => {
        this.probing = undefined;
        if (answered) this.markUp();
        else this.markDown();
        return answered;
      });
    return this.probing;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.watchdog);
    clearTimeout(this.retry);
    this.watchdog = this.retry = undefined;
  }

  /** While work waits: a probe once the oldest has waited probeAfterMs. */
  private startWatchdog() {
    if (this.watchdog || this.closed) return;
    this.watchdog = setInterval(
      () => {
        const oldest = this.waiters.values().next().value;
        if (!oldest) {
          clearInterval(this.watchdog);
          this.watchdog = undefined;
          return;
        }
        if (!this.down && Date.now() - oldest.since >= this.probeAfterMs) void this.check();
      },
      Math.max(50, Math.min(250, this.probeAfterMs / 2)),
    );
    this.watchdog.unref();
  }

  private markDown() {
    if (!this.down) {
      this.down = true;
      this.options.onChange?.(false);
    }
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const waiter of waiting) waiter.fail();
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.closed) void this.check();
    }, this.retryMs);
    this.retry.unref();
  }

  private markUp() {
    if (!this.down) return;
    this.down = false;
    this.options.onChange?.(true);
  }
}
