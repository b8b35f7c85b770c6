import { MIN_MASKED_LENGTH, SECRET_MASK, SECRET_NAME_MAX, SECRET_NAME_PATTERN, SECRET_VALUE_MAX_BYTES } from '@weft/core';

/**
 * The secret rules of docs/API.md "Secrets", checked as the user types so the form can
 * say what is wrong before the server does. The syntax and limits are core's
 * (secret-syntax.ts), the same the server judges by; the wording here is the form's.
 */

/** What is wrong with a name, or null. `taken`: the user's other secret names (names are case-sensitive). */
export function secretNameError(name: string, taken: readonly string[] = []): string | null {
  if (name === '') return 'Enter a name';
  if (name.length > SECRET_NAME_MAX) return `A name can be at most ${SECRET_NAME_MAX} characters`;
  if (/^[0-9]/.test(name)) return 'A name cannot start with a digit';
  if (!SECRET_NAME_PATTERN.test(name)) {
    const bad = Array.from(name).find((c) => !/[A-Za-z0-9_]/.test(c)) ?? '';
    const what = /\s/.test(bad) ? 'Spaces are' : `"${bad}" is`;
    return `${what} not allowed: use letters, digits and _ (e.g. OPENAI_API_KEY)`;
  }
  if (taken.includes(name)) return `You already have a secret named ${name}`;
  return null;
}

/** What is wrong with a value, or null. Sizes count UTF-8 bytes, as the server does. */
export function secretValueError(value: string): string | null {
  if (value === '') return 'Enter a value';
  if (new TextEncoder().encode(value).length > SECRET_VALUE_MAX_BYTES) return `A secret value can be at most ${SECRET_VALUE_MAX_BYTES / 1024} KB`;
  return null;
}

/** A caution for values too short to be masked in run logs, or null. */
export function secretValueNote(value: string): string | null {
  const length = Array.from(value).length;
  return length > 0 && length < MIN_MASKED_LENGTH ? `Values under ${MIN_MASKED_LENGTH} characters are not hidden in run logs.` : null;
}

/** "••••WXYZ"; just the mask when the server shows no tail (short values). */
export function maskedValue(last4: string): string {
  return `${SECRET_MASK}${last4}`;
}
