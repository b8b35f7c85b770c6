import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Browser hardening on every answer (@fastify/helmet): a Content-Security-Policy that runs
 * only Weft's own script files (no inline script: the theme bootstrap is `/theme.js`), no
 * framing by other sites (`frame-ancestors 'none'`, clickjacking), `nosniff`, and a referrer
 * policy that keeps paths and query strings (reset tokens travel there) on this origin.
 * Inline styles stay allowed: React and React Flow position nodes with style attributes.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Weft is often reached over plain HTTP on a LAN: HSTS and upgrade-insecure-requests would lock users out.
    strictTransportSecurity: false,
    // Downloads and exports open in new tabs of other origins' documents; no need to isolate.
    crossOriginEmbedderPolicy: false,
  });
}
