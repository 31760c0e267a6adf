// Security headers on every answer (pages, files and calls): no sniffing, no referrer to other sites,
// a popup-friendly opener policy, HSTS over HTTPS, and a Content-Security-Policy: everything from the
// portal itself, who may frame the portal (FRAME_ANCESTORS); the page (index.html) adds its style nonce
// and the origins of the frame modules (platform/index-page.ts).
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Browser features the portal never uses; clipboard stays allowed (the second-verification code). */
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * The headers of an answer given before any hook ran (a request Fastify's router or Node's parser refused):
 * an error envelope that nothing may sniff, frame, run or keep.
 */
export const bareErrorHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
} as const;

export interface PageSources {
  /** The per-answer nonce of the page's <style> elements (antd's CSS-in-JS). */
  nonce?: string;
  /** Origins the shell frames (frame modules). */
  frames?: string[];
}

/**
 * The policy: script, style, fonts, images and calls from the portal only; images also as data: URLs
 * (captcha, QR code), fonts as data: URLs (inlined by the build); style elements need the page's nonce;
 * frames (and a reachability check) of the frame modules and blob: URLs the page made itself (PDF previews of certificate files).
 */
export function contentSecurityPolicy(config: Config, page: PageSources = {}): string {
  const nonce = page.nonce ? [`'nonce-${page.nonce}'`] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", ...nonce],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    // The frame modules' origins too: the shell checks that a partner page answers before it frames it.
    'connect-src': ["'self'", ...(page.frames ?? [])],
    'frame-src': ["'self'", 'blob:', ...(page.frames ?? [])],
    'frame-ancestors': config.frameAncestors.split(/\s+/),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    // Set below, as one string the page handler can replace with its own.
    contentSecurityPolicy: false,
    // frame-ancestors decides framing; X-Frame-Options could only say SAMEORIGIN and would refuse the identity provider.
    xFrameOptions: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const policy = contentSecurityPolicy(config);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
    reply.header('content-security-policy', policy);
  });
}
