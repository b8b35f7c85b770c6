import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing a few hundred bytes costs more CPU than it saves on the wire. */
export const COMPRESS_THRESHOLD_BYTES = 2048;

/**
 * Compresses large API answers on the fly (brotli or gzip, whichever the client prefers).
 * Static assets are not compressed here: the build writes `.br` and `.gz` beside each one
 * (apps/web/scripts/precompress.mjs) and `spa.ts` sends those, so a page load costs no
 * compression CPU. Live logs (`text/event-stream`, hijacked replies) are never buffered:
 * the plugin's default type list leaves event streams out, and hijacked replies skip it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
