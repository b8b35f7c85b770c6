/**
 * A secret field stores a reference, `{{secrets.NAME}}`, never a value (DESIGN.md
 * "Secrets and user code"): the server resolves it at run time.
 */

export const SECRET_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function secretReference(name: string): string {
  return `{{secrets.${name}}}`;
}

/**
 * The secret name inside a stored reference, or `null` when the value is not one. Any
 * name is read back, valid or not, so the field can show what was typed next to the
 * message about it ({@link secretNameProblem}).
 */
export function secretNameOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\{\{\s*secrets\.([^{}]*?)\s*\}\}$/.exec(value.trim());
  return match?.[1] ? match[1] : null;
}

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
