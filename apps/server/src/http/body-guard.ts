import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from './caller-auth.js';
import { badRequest, HttpError } from './http-error.js';

/**
 * What the server reads of a request body, and when. Reading is the expensive part of a
 * request an attacker controls, so:
 * - a route that needs a caller refuses an anonymous one before its body is read (routes
 *   open to visitors say so with `config: { public: true }`), and an unknown path answers
 *   404 without reading;
 * - bodies are 1 MB unless a route takes more (workflow documents: `LARGE_BODY_LIMIT`);
 * - JSON nested deeper than `MAX_JSON_DEPTH` is refused by a linear scan before `JSON.parse`,
 *   which would otherwise spend seconds on 10 MB of `[`.
 */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const LARGE_BODY_LIMIT = 10 * 1024 * 1024;
export const MAX_JSON_DEPTH = 64;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves visitors (sign-in, sign-up, webhooks…): its body is read without a caller. */
    public?: boolean;
  }
}

/** True when arrays and objects in `text` nest deeper than `max` (strings are skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The 400 for a body nested too deeply, or undefined when it is fine. */
export function jsonDepthProblem(text: string): HttpError | undefined {
  if (!nestsDeeperThan(text, MAX_JSON_DEPTH)) return undefined;
  return badRequest(`The JSON body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep; Weft refuses it.`, 'json_too_deep');
}

type JsonDone = (error: Error | null, value?: unknown) => void;

/**
 * Fastify's own JSON parser (prototype-poisoning protection included) behind the depth
 * check, for this scope and the scopes under it. `onEmpty` decides what an empty body is.
 */
export function useGuardedJsonParser(scope: FastifyInstance, options: { emptyAsNothing?: boolean } = {}): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  if (scope.hasContentTypeParser('application/json')) scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done: JsonDone) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (options.emptyAsNothing && text.trim() === '') {
      done(null, undefined);
      return;
    }
    const tooDeep = jsonDepthProblem(text);
    if (tooDeep) {
      done(tooDeep);
      return;
    }
    parseJson(request, text, done);
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

/** Registers the checks above on the root app (before the routes). */
export function registerBodyGuard(app: FastifyInstance): void {
  useGuardedJsonParser(app);
  app.addHook('preParsing', async (request) => {
    if (!hasBody(request)) return;
    // No route: the 404 handler would read the body only to ignore it.
    if (request.is404) throw new HttpError(404, `No API route ${request.method} ${request.url.split('?')[0]}`, 'not_found');
    // Judged by the route the router matched, not the raw URL: the router decodes the path,
    // so `/%61pi/workflows` reaches `/api/workflows` although its URL does not start `/api/`.
    if (!isApiRoute(request) || request.routeOptions.config.public) return;
    // Throws the route's own 401/403 (no caller, a bad API key, a missing CSRF token).
    // A key limited to some workflows is judged by the route, which knows the workflow.
    requireCaller(request, { allowApiKey: true, workflowScoped: true });
  });
}
