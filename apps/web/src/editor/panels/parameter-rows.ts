import type { GlobalParameter } from '@weft/core';

/** The key rule of `globalParameterSchema` in `@weft/core`, checked as the user types. */
export const PARAMETER_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * One row of the parameters table while it is being edited. `key` is what the user
 * typed; `committedKey` is the key the row is stored under, which stays put while the
 * typed key is invalid, so a half-typed rename never deletes the parameter.
 */
export interface ParameterRow {
  rowId: string;
  key: string;
  committedKey: string | null;
  value: string;
  description: string;
}

/** Why a typed key cannot be used, or `null`. `otherKeys` are the other rows' typed keys. */
export function parameterKeyProblem(key: string, otherKeys: readonly string[]): string | null {
  if (key === '') return 'Give the parameter a key.';
  if (/^[0-9]/.test(key)) return 'Keys cannot start with a digit.';
  if (!PARAMETER_KEY_PATTERN.test(key)) return 'Use letters, digits and _ only (no spaces or dashes), e.g. company_name.';
  if (otherKeys.includes(key)) return `Another parameter already uses “${key}”. Keys must be unique.`;
  return null;
}

/** Rows for a stored map, in its order. */
export function rowsFromParameters(parameters: Readonly<Record<string, GlobalParameter>>, newRowId: () => string): ParameterRow[] {
  return Object.entries(parameters).map(([key, p]) => ({ rowId: newRowId(), key, committedKey: key, value: p.value, description: p.description }));
}

export interface RowsResult {
  /** The map to store: every row under its key (the typed one when valid). */
  parameters: Record<string, GlobalParameter>;
  /** Rows with `committedKey` brought up to date. */
  rows: ParameterRow[];
  /** Problem per row id, for rows whose typed key is not usable. */
  errors: Record<string, string>;
}

/**
 * Turns edited rows into the stored map. A row whose typed key is usable is stored under
 * it; otherwise it stays under its previous key, or is left out while it never had one
 * (a new row not yet named). When several rows type the same key, the row already stored
 * under it keeps it (else the earliest), so the error lands on the row being edited.
 */
export function parametersFromRows(rows: readonly ParameterRow[]): RowsResult {
  const owner = new Map<string, string>();
  for (const row of rows) {
    const current = owner.get(row.key);
    if (current === undefined || row.committedKey === row.key) owner.set(row.key, row.rowId);
  }
  const errors: Record<string, string> = {};
  const usable = new Set<string>();
  for (const row of rows) {
    const taken = owner.get(row.key) !== row.rowId ? [row.key] : [];
    const problem = parameterKeyProblem(row.key, taken);
    if (problem) errors[row.rowId] = problem;
    else usable.add(row.key);
  }
  const parameters: Record<string, GlobalParameter> = {};
  const next = rows.map((row) => {
    let key: string | null = errors[row.rowId] ? row.committedKey : row.key;
    // A row's old key may meanwhile be typed by another row: that row wins it.
    if (errors[row.rowId] && key !== null && (usable.has(key) || key in parameters)) key = null;
    if (key !== null) parameters[key] = { key, value: row.value, description: row.description };
    return { ...row, committedKey: key };
  });
  return { parameters, rows: next, errors };
}

/** Shallow equality of two parameter maps, key order included (order is what the table shows). */
export function sameParameters(a: Readonly<Record<string, GlobalParameter>>, b: Readonly<Record<string, GlobalParameter>>): boolean {
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  return ak.every((key, i) => {
    const x = a[key];
    const y = b[key];
    return key === bk[i] && x !== undefined && y !== undefined && x.value === y.value && x.description === y.description;
  });
}
