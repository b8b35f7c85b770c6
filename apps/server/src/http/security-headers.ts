import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Browser hardening on every answer (helmet): a Content-Security-Policy that runs
 * only Weft's own script files (no inline script: the theme bootstrap is `/theme.js`), no
 * framing by other sites (`frame-ancestors 'none'`, clickjacking), `nosniff`, and a referrer
 * policy that keeps paths and query strings (reset tokens travel there) on this origin.
 * Inline styles stay allowed: React and React Flow position nodes with style attributes.
 *
 * helmet's middleware is built once and run on every request. @fastify/helmet, used before,
 * built it again for every request (parsing the policy each time): 3 % of a webhook
 * request's CPU (bench/README.md, "Where the CPU goes").
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const setHeaders = helmet({
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
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
