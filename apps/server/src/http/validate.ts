import type { z } from 'zod';
import { badRequest } from './http-error.js';

/**
 * Parses request input with a zod schema; the first problem becomes a 400 whose
 * message names the field, e.g. "email: Enter a valid e-mail address".
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw badRequest(`${where}${issue?.message ?? 'Invalid request'}`, 'invalid_input');
}
