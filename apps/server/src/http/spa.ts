import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './http-error.js';

/** index.html, or the precompressed copy of it that is being sent. */
const INDEX_FILE = /[\\/]index\.html(\.br|\.gz)?$/;

/**
 * Serves the built web app, sending the build's precompressed copies (brotli, else gzip)
 * to clients that take them. Unknown /api paths answer a JSON 404; every other unknown
 * path gets index.html so the client router can show the page (or redirect to /).
 */
export async function registerSpa(app: FastifyInstance, webDir: string, options: { serveSourceMaps: boolean }): Promise<void> {
  const index = path.join(webDir, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    // Source maps show the source: only when the operator asks (WEFT_SERVE_SOURCEMAPS=1).
    if (!options.serveSourceMaps) {
      app.addHook('onRequest', async (request) => {
        if (request.url.split('?')[0]?.endsWith('.map')) throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
      });
    }
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // Each file gets its routes at start (`wildcard: false`, which spares a file-system
      // check per request). Compressed copies are found beside their file and need none, nor
      // do source maps that are not served (the hook above): routes for 43 of the build's 147
      // files, 35 ms of CPU and 5 MiB less at start (bench/README.md, Cold start).
      globIgnore: ['**/*.br', '**/*.gz', ...(options.serveSourceMaps ? [] : ['**/*.map'])],
      setHeaders(res, filePath) {
        // Hashed asset names never change content: cache them for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        // The page names the current asset hashes: always ask the server (send would say max-age=0).
        else if (INDEX_FILE.test(filePath)) res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/hooks/') || !hasWeb || request.method !== 'GET') {
      throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
    }
    return reply.sendFile('index.html');
  });
}
