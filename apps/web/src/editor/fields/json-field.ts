/** Parsing for the JSON field: the textarea holds text, the config holds the parsed value. */
import { locateJsonError } from './json-error-locator';

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Parses the field's text. Empty text is "no value" (`undefined`), so a cleared optional
 * field drops out of the config instead of storing `""`.
 */
export function parseJsonField(text: string): JsonParseResult {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const location = locateJsonError(text);
    if (!location) return { ok: false, error: 'Invalid JSON.' };
    return { ok: false, error: `Invalid JSON at line ${location.line}, column ${location.column}: ${location.message}.` };
  }
}

/** The text shown for a stored value: pretty-printed, two-space indent. */
export function formatJsonValue(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    // Cycles cannot come from JSON, but a hand-built config could hold one.
    return '';
  }
}
