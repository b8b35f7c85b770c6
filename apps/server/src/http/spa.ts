import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './http-error.js';

/**
 * Serves the built web app. Unknown /api paths answer a JSON 404; every other unknown
 * path gets index.html so the client router can show the page (or redirect to /).
 */
export async function registerSpa(app: FastifyInstance, webDir: string): Promise<void> {
  const index = path.join(webDir, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed asset names never change content: cache them for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/hooks/') || !hasWeb || request.method !== 'GET') {
      throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
