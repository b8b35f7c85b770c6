import { SECRET_NAME_MAX, SECRET_NAME_PATTERN, SECRET_VALUE_MAX_BYTES } from '@weft/core';
import { z } from 'zod';

// The syntax (names, references, the size limit) is core's secret-syntax.ts, shared with the web form.
/**
 * Shorter values show no last four characters: four of eleven or fewer is too much of
 * the secret (a six-digit PIN would be two guesses from known).
 */
export const LAST4_MIN_LENGTH = 12;

export const secretNameSchema = z
  .string({ error: 'Enter a name' })
  .min(1, 'Enter a name')
  .max(SECRET_NAME_MAX, `A name can be at most ${SECRET_NAME_MAX} characters`)
  .regex(SECRET_NAME_PATTERN, 'Use letters, digits and _ only, not starting with a digit (e.g. OPENAI_API_KEY)');

// The messages never quote the value: answers and logs must not carry it.
export const secretValueSchema = z
  .string({ error: 'Enter a value' })
  .min(1, 'Enter a value')
  .refine((value) => Buffer.byteLength(value, 'utf8') <= SECRET_VALUE_MAX_BYTES, `A secret value can be at most ${SECRET_VALUE_MAX_BYTES / 1024} KB`);

/** The hint the list shows: the last four characters, counted in code points. */
export function last4Of(value: string): string {
  const characters = Array.from(value);
  return characters.length >= LAST4_MIN_LENGTH ? characters.slice(-4).join('') : '';
}
