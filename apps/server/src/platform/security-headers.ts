// Security headers on every answer (pages, files and calls): no sniffing, no referrer to other sites,
// a popup-friendly opener policy, HSTS over HTTPS, and who may frame the portal (FRAME_ANCESTORS).
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Browser features the portal never uses; clipboard stays allowed (the second-verification code). */
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      // Only what cannot break the page yet; script and style sources are not restricted (README).
      directives: { 'default-src': fastifyHelmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc, 'frame-ancestors': config.frameAncestors.split(/\s+/), 'object-src': ["'none'"], 'base-uri': ["'self'"] },
    },
    // frame-ancestors decides framing; X-Frame-Options could only say SAMEORIGIN and would refuse the identity provider.
    xFrameOptions: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
  });
}
