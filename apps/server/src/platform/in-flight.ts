// Counts handlers still running, so that shutdown closes the database only after they finish,
// including those whose client has already gone away.
export class InFlight {
  /** Set when shutdown starts: readiness (health) answers 503 from then on while the work in flight ends. */
  draining = false;
  private running = 0;
  private waiters: (() => void)[] = [];

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      if (this.running === 0) for (const resolve of this.waiters.splice(0)) resolve();
    }
  }

  idle(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    inFlight: InFlight;
  }
}
