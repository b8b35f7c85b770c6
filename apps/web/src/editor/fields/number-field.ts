/** Validation of the number field's text against the field's bounds. */

export interface NumberBounds {
  min?: number;
  max?: number;
  step?: number;
  required?: boolean;
}

/** A number to store, "no value", or a message saying what is wrong. */
export type NumberParseResult = { ok: true; value: number | undefined } | { ok: false; error: string };

export function parseNumberField(text: string, bounds: NumberBounds): NumberParseResult {
  const trimmed = text.trim();
  if (trimmed === '') return bounds.required ? { ok: false, error: 'Enter a number.' } : { ok: true, value: undefined };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, error: 'Enter a number, e.g. 42 or 0.5.' };
  const { min, max, step } = bounds;
  if (min !== undefined && max !== undefined && (value < min || value > max)) return { ok: false, error: `Enter a number from ${min} to ${max}.` };
  if (min !== undefined && value < min) return { ok: false, error: `Enter ${min} or more.` };
  if (max !== undefined && value > max) return { ok: false, error: `Enter ${max} or less.` };
  // Only whole-number steps are enforced: fractional steps are a spinner hint, and
  // floating-point remainders would reject values the user typed exactly.
  if (step !== undefined && Number.isInteger(step) && step >= 1 && !Number.isInteger((value - (min ?? 0)) / step)) {
    return { ok: false, error: step === 1 ? 'Enter a whole number.' : `Enter a multiple of ${step}${min ? ` from ${min}` : ''}.` };
  }
  return { ok: true, value };
}
