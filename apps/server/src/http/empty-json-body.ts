import type { FastifyInstance } from 'fastify';
import { useGuardedJsonParser } from './body-guard.js';

/**
 * A request that says `Content-Type: application/json` but sends no body is read as having
 * no body, instead of Fastify's 400 "Body cannot be empty": SPEC.md §7's client sends its
 * pause and resume calls that way. Registered in the schedule routes' scope (other scopes
 * add parsers of their own). Any body that is sent goes through the depth check and
 * Fastify's own JSON parser (body-guard.ts).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  useGuardedJsonParser(app, { emptyAsNothing: true });
}
