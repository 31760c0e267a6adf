// How many sends the worker may keep in flight right now: up to its concurrency while the process's event loop
// answers promptly, fewer when the loop falls behind (the worker shares it with the interactive calls). Additive
// increase, multiplicative decrease on the loop's delay in each quarter second (its 90th percentile: one pause of
// the machine is not the worker's doing), never below an eighth of the concurrency (the queue keeps moving).

/** How often the loop's delay is sampled, and how often the limit is adjusted (ms). */
const tickMs = 10;
const adjustMs = 250;

export class Pacer {
  private allowed: number;
  private readonly floor: number;
  private lags: number[] = [];
  private readonly ticker: NodeJS.Timeout;
  private readonly adjuster: NodeJS.Timeout;

  constructor(
    private readonly max: number,
    /** The event-loop delay (ms) above which the worker backs off; 0: never. */
    private readonly lagLimitMs: number,
  ) {
    this.allowed = max;
    this.floor = Math.max(1, Math.floor(max / 8));
    let last = performance.now();
    // A timer due every 10 ms: how late it runs is how long the loop was busy with other work.
    this.ticker = setInterval(() => {
      const now = performance.now();
      this.lags.push(now - last - tickMs);
      last = now;
    }, tickMs);
    this.adjuster = setInterval(() => this.adjust(), adjustMs);
    this.ticker.unref();
    this.adjuster.unref();
  }

  /** Sends the worker may have in flight now. */
  get limit(): number {
    return this.allowed;
  }

  private adjust(): void {
    const lags = this.lags.sort((a, b) => a - b);
    this.lags = [];
    if (this.lagLimitMs <= 0) return;
    // A window without a tick was one long block.
    const lagMs = lags.length ? lags[Math.min(lags.length - 1, Math.floor(lags.length * 0.9))]! : adjustMs;
    if (lagMs > this.lagLimitMs) this.allowed = Math.max(this.floor, Math.floor(this.allowed / 2));
    else if (lagMs < this.lagLimitMs / 2) this.allowed = Math.min(this.max, this.allowed + Math.max(1, Math.ceil(this.max / 8)));
  }

  stop(): void {
    clearInterval(this.ticker);
    clearInterval(this.adjuster);
  }
}

/**
 * At most `perSecond` sends started a second (0: no limit; NOTIFY_MAX_PER_SECOND), a token bucket that holds ten
 * milliseconds' worth: a drain of a hundred thousand deliveries goes at a steady pace the interactive calls of the
 * process and of the database feel far less (bench:notify-deliveries: getInfo's p99 +30 to +70 % at 1,200 a second
 * against +290 % at 5,600), instead of as fast as two cores allow.
 */
export class SendRate {
  private tokens: number;
  private readonly burst: number;
  private last = performance.now();

  constructor(private readonly perSecond: number) {
    this.burst = Math.max(1, perSecond / 100);
    this.tokens = this.burst;
  }

  /** Resolves when one more send may start. */
  async take(): Promise<void> {
    if (this.perSecond <= 0) return;
    for (;;) {
      const now = performance.now();
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.perSecond) / 1000);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, ((1 - this.tokens) * 1000) / this.perSecond)));
    }
  }
}
