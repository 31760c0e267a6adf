// Downloads (exports) are long work: they never take what interactive calls need. At most so many run
// at once per account, per tenant and in all (429 beyond), and a client that stops reading is cut off.
import { Readable } from 'node:stream';
import { Messages, ResultCode } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import { ApiError } from './errors';
import type { SessionContext } from './session-context';

export class DownloadLimits {
  private readonly running = new Map<string, number>();

  constructor(private readonly limits: Config['exports']) {}

  /** Downloads streaming now. */
  get active(): number {
    return this.running.get('all') ?? 0;
  }

  /** Takes a slot for the caller's download or throws 429; the answer releases it (once). */
  acquire(session: SessionContext | undefined): () => void {
    const keys: [string, number][] = [['all', this.limits.total]];
    if (session) keys.push([`tenant:${session.tenantId}`, this.limits.perTenant], [`account:${session.accountId}`, this.limits.perAccount]);
    if (keys.some(([key, max]) => (this.running.get(key) ?? 0) >= max))
      throw new ApiError(429, ResultCode.throttled, Messages.tooManyExports);
    for (const [key] of keys) this.running.set(key, (this.running.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const [key] of keys) {
        const left = (this.running.get(key) ?? 1) - 1;
        if (left > 0) this.running.set(key, left);
        else this.running.delete(key);
      }
    };
  }

  /** Cuts the connection when its client has taken nothing for the write timeout (it stopped reading). */
  guardWrites(reply: FastifyReply): void {
    const socket = reply.raw.socket;
    if (typeof socket?.setTimeout !== 'function') return; // app.inject has no real socket
    const cut = () => socket.destroy();
    socket.setTimeout(this.limits.writeTimeoutMs);
    socket.once('timeout', cut);
    reply.raw.once('close', () => {
      socket.setTimeout(0);
      socket.off('timeout', cut);
    });
  }
}

/**
 * The stream once its first chunk has come (the database has answered): a query that fails at once
 * fails here, before the status and headers are sent, so the caller gets an error envelope.
 */
export async function afterFirstChunk(body: Readable): Promise<Readable> {
  const chunks = body[Symbol.asyncIterator]();
  const first = await chunks.next();
  async function* rest() {
    try {
      if (first.done) return;
      yield first.value as Buffer;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value as Buffer;
    } finally {
      await chunks.return?.();
    }
  }
  return Readable.from(rest(), { objectMode: false });
}

declare module 'fastify' {
  interface FastifyInstance {
    downloads: DownloadLimits;
  }
}
