import { WorkflowDocumentError } from '@weft/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { RETRY_AFTER_SECONDS, ShuttingDownError } from '../platform/lifecycle.js';
import { RunNotQueuedError } from '../runs/run-launcher.js';
import { HttpError } from './http-error.js';

/**
 * One error shape for every API failure: `{ statusCode, error, message, detail, code? }`;
 * `detail` repeats `message` because SPEC.md §8's client reads `detail`.
 * HttpErrors (with their `extra` fields) and Fastify's own 4xx (bad JSON, body too large, rate limit) keep their
 * message; a stored workflow this code cannot read (core's WorkflowDocumentError: written by
 * a newer Weft, or damaged) is a 409 saying why; a database that is away (restarting, locked), or a run Redis did not
 * take that cannot be queued later (scale-out), is a 503 with Retry-After; anything
 * else is logged and answered with a generic 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof ShuttingDownError) {
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, error: 'Service Unavailable', message: err.message, detail: err.message, code: err.code });
    }
    if (err instanceof RunNotQueuedError) {
      // Scale-out: Redis did not take a run that cannot be queued later; nothing started.
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, error: 'Service Unavailable', message: err.message, detail: err.message, code: err.code });
    }
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send({ ...err.extra, statusCode: err.statusCode, error: statusText(err.statusCode), message: err.message, detail: err.message, code: err.code });
    }
    if (err instanceof WorkflowDocumentError) {
      return reply.code(409).send({ statusCode: 409, error: statusText(409), message: err.message, detail: err.message, code: err.code });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 429 ? 'Too many attempts. Please wait a minute and try again.' : err.message;
      return reply.code(status).send({ statusCode: status, error: statusText(status), message, detail: message, code: err.code });
    }
    if (isDatabaseUnavailable(err)) {
      // A restart of PostgreSQL, or another process holding SQLite's lock: the same request
      // works once it is back, so say so rather than "something went wrong".
      request.log.warn({ err }, 'request failed: the database is unavailable');
      const message = 'Weft cannot reach its database right now. Try again in a few seconds.';
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, error: 'Service Unavailable', message, detail: message, code: 'database_unavailable' });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
      detail: 'Something went wrong on our side. Please try again.',
    });
  });
}

function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
  };
  return texts[status] ?? 'Error';
}
