// How many sends the worker may keep in flight right now: up to its concurrency while the process's event loop
// answers promptly, fewer when the loop falls behind (the worker shares it with the interactive calls). Additive
// increase, multiplicative decrease on the loop's delay, measured every quarter second.
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

/** The monitor's sampling interval (ms): its readings are this plus the loop's delay. */
const resolution = 10;

export class Pacer {
  private allowed: number;
  private readonly histogram: IntervalHistogram;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly max: number,
    /** The event-loop delay (ms, 99th percentile of a quarter second) above which the worker backs off; 0: never. */
    private readonly lagLimitMs: number,
  ) {
    this.allowed = max;
    this.histogram = monitorEventLoopDelay({ resolution });
    this.histogram.enable();
    this.timer = setInterval(() => this.adjust(), 250);
    this.timer.unref();
  }

  /** Sends the worker may have in flight now. */
  get limit(): number {
    return this.allowed;
  }

  private adjust(): void {
    if (this.lagLimitMs <= 0) return;
    const lagMs = this.histogram.count ? this.histogram.percentile(99) / 1e6 - resolution : 0;
    this.histogram.reset();
    if (lagMs > this.lagLimitMs) this.allowed = Math.max(1, Math.floor(this.allowed / 2));
    else if (lagMs < this.lagLimitMs / 2) this.allowed = Math.min(this.max, this.allowed + Math.max(1, Math.ceil(this.max / 8)));
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}
