import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './schema-compilers.js';

/** The compilers load on first use (cold start, issue 12): a route with schemas still works as fastify's default would. */
describe('lazySchemaCompilers', () => {
  it('validates a body and serialises an answer by their schemas once a route declares them', async () => {
    const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers() } });
    app.post(
      '/echo',
      {
        schema: {
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
          response: { 200: { type: 'object', properties: { greeting: { type: 'string' } } } },
        },
      },
      async (request) => ({ greeting: `hello ${(request.body as { name: string }).name}`, secret: 'not in the schema' }),
    );
    try {
      const ok = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'Ada' } });
      expect(ok.statusCode).toBe(200);
      // fast-json-stringify writes only what the response schema names.
      expect(ok.json()).toEqual({ greeting: 'hello Ada' });
      const bad = await app.inject({ method: 'POST', url: '/echo', payload: { name: '' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('body/name must NOT have fewer than 1 characters');
    } finally {
      await app.close();
    }
  });
});
