// The web app's index.html, answered for every browser route: a fresh nonce per answer, written into the
// page (where the build left its placeholder, Vite's html.cspNonce) and into the CSP header.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { FrameSources } from './frame-sources';
import { contentSecurityPolicy } from './security-headers';

/** The nonce placeholder of the build (apps/web/vite.config.ts); only base64 characters, so no escaping. */
export const cspNoncePlaceholder = 'PORTAL_CSP_NONCE';

const brotliQuick = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

export class IndexPage {
  constructor(
    private readonly file: string,
    private readonly config: Config,
    private readonly frames: FrameSources,
  ) {}

  async send(reply: FastifyReply): Promise<FastifyReply> {
    const nonce = randomBytes(16).toString('base64');
    // Read per answer, as the static files are: a rebuilt web app is served without a restart.
    const [html, frames] = await Promise.all([fs.promises.readFile(this.file, 'utf8'), this.frames.get()]);
    reply
      .header('content-security-policy', contentSecurityPolicy(this.config, { nonce, frames }))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    // The page is answered from the not-found handler, which the compression of routes does not cover.
    const page = Buffer.from(html.replaceAll(cspNoncePlaceholder, nonce));
    const accepted = String(reply.request.headers['accept-encoding'] ?? '');
    reply.header('vary', 'accept-encoding');
    if (page.length < 1024) return reply.send(page);
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(brotliCompressSync(page, brotliQuick));
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(page));
    return reply.send(page);
  }
}
