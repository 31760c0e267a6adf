// Concurrent asks for the same thing share one answer: the first starts the work, the others wait for
// it. Nothing is kept once it settles, so an answer is never older than the work it came from.
export class SingleFlight<T> {
  private readonly pending = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.pending.get(key);
    if (running) return running;
    const started = work().finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }
}
