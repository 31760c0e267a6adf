// The web app's index.html, answered for every browser route: a fresh nonce per answer, written into the
// page (where the build left its placeholder, Vite's html.cspNonce) and into the CSP header.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { FrameSources } from './frame-sources';
import { contentSecurityPolicy } from './security-headers';

/** The nonce placeholder of the build (apps/web/vite.config.ts); only base64 characters, so no escaping. */
export const cspNoncePlaceholder = 'PORTAL_CSP_NONCE';

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
    return reply
      .header('content-security-policy', contentSecurityPolicy(this.config, { nonce, frames }))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html.replaceAll(cspNoncePlaceholder, nonce));
  }
}
