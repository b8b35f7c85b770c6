/**
 * How secrets are named and referred to (docs/API.md "Secrets"; DESIGN.md "Secrets and
 * user code"): the one statement of the syntax for the server's checks and masking, the
 * web's Settings form and secret field, and the setup check below. Each side words its
 * own messages; the rules they judge by are these.
 */

/** Names are used as `{{secrets.NAME}}`, so they follow identifier rules. */
export const SECRET_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const SECRET_NAME_MAX = 100;
/** Measured in UTF-8 bytes: enough for a PEM key or a service-account JSON. */
export const SECRET_VALUE_MAX_BYTES = 64 * 1024;

/** What a secret's value becomes in logs, stored outputs, errors and events. */
export const SECRET_MASK = '••••';
/**
 * Values shorter than this are not masked. Masking "a" or "42" would turn every log line
 * into noise, and worse, it would be an oracle: whoever can put text into a run (a webhook
 * caller, say) could test guesses of a short secret one run at a time and watch for the
 * mask. Four characters make guessing a whole value by that route impractical for real
 * secrets (API keys, passwords); the Settings page warns when a value is shorter.
 */
export const MIN_MASKED_LENGTH = 4;

/** `{{secrets.NAME}}` anywhere in a text, with spaces inside the braces allowed; group 1 is the name. */
const REFERENCE_IN_TEXT = /\{\{\s*secrets\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
/** A whole value that is one reference, whatever name it holds (so a bad name can be shown back). */
const WHOLE_REFERENCE = /^\{\{\s*secrets\.([^{}]*?)\s*\}\}$/;

export function isSecretName(name: string): boolean {
  return name.length <= SECRET_NAME_MAX && SECRET_NAME_PATTERN.test(name);
}

/** How a field refers to the secret: `{{secrets.NAME}}`. */
export function secretReference(name: string): string {
  return `{{secrets.${name}}}`;
}

/**
 * The secret name inside a value that is one whole reference, or `null` when it is not
 * one. Any name is read back, valid or not, so a form can show what was typed next to the
 * message about it.
 */
export function secretNameOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = WHOLE_REFERENCE.exec(value.trim());
  return match?.[1] ? match[1] : null;
}

/** The names of the well-formed secret references in a text, in order, each once. */
export function secretNamesIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(REFERENCE_IN_TEXT)) names.add(match[1] as string);
  return [...names];
}
