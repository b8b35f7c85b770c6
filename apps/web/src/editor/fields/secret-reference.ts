import { SECRET_NAME_PATTERN, secretNameOf } from '@weft/core';

/**
 * A secret field stores a reference, `{{secrets.NAME}}`, never a value (DESIGN.md
 * "Secrets and user code"): the server resolves it at run time. The reference syntax is
 * core's (secret-syntax.ts: `secretReference`, `secretNameOf`); these are the field's words.
 */

/** Why a typed name cannot be used, or `null` when it can. */
export function secretNameProblem(name: string): string | null {
  if (name === '') return null;
  if (SECRET_NAME_PATTERN.test(name)) return null;
  return 'Secret names use letters, digits and _, and do not start with a digit (e.g. OPENAI_API_KEY).';
}

/**
 * True for a non-empty string that is not a reference: most likely a key pasted into the
 * field by mistake, which would then sit in the workflow in plain text.
 */
export function looksLikeRawSecret(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '' && secretNameOf(value) === null;
}
