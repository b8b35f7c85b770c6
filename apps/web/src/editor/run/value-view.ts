/** The inspector's ways of showing a value. */
export type ValueViewKind = 'text' | 'json' | 'table' | 'markdown';

export const VALUE_VIEWS: readonly { kind: ValueViewKind; label: string }[] = [
  { kind: 'text', label: 'Text' },
  { kind: 'json', label: 'JSON' },
  { kind: 'table', label: 'Table' },
  { kind: 'markdown', label: 'Markdown' },
];

/** docs/API.md: a value over 64 KB is stored cut, with its first 4 KB as text. */
export interface TruncatedValue {
  $truncated: true;
  preview: string;
  bytes: number;
}

export function isTruncated(value: unknown): value is TruncatedValue {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return v.$truncated === true && typeof v.preview === 'string';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Headings, lists, quotes, fences, tables, emphasis and links: what LLM answers use.
const MARKDOWN_HINTS = [/^#{1,6}\s+\S/m, /^\s*[-*+]\s+\S/m, /^\s*\d+\.\s+\S/m, /^>\s/m, /^```/m, /^\|.+\|\s*$/m, /\*\*[^*\n]+\*\*/, /\[[^\]\n]+\]\([^)\s]+\)/];

/** Whether a text reads as markdown (two hints, or one on a multi-line text), so it renders by default. */
export function looksLikeMarkdown(text: string): boolean {
  let hints = 0;
  for (const hint of MARKDOWN_HINTS) if (hint.test(text)) hints += 1;
  return hints >= 2 || (hints === 1 && text.includes('\n'));
}

/**
 * The view a value opens in: text for plain strings and cut values, markdown for strings
 * that read as markdown, a table for a list of records, JSON for anything else.
 */
export function detectView(value: unknown): ValueViewKind {
  if (isTruncated(value)) return 'text';
  if (typeof value === 'string') return looksLikeMarkdown(value) ? 'markdown' : 'text';
  if (Array.isArray(value) && value.length > 0 && value.every(isPlainObject)) return 'table';
  return 'json';
}

/** A value as plain text: strings as they are, everything else as indented JSON. */
export function valueAsText(value: unknown): string {
  if (isTruncated(value)) return value.preview;
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2) ?? String(value);
}

/** Indented JSON; a cut value shows its preview, since the rest is not there to format. */
export function valueAsJson(value: unknown): string {
  if (isTruncated(value)) return value.preview;
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2) ?? String(value);
}

export interface ValueTable {
  columns: string[];
  rows: string[][];
  /** Rows left out to keep the page light. */
  hiddenRows: number;
}

export const TABLE_ROW_LIMIT = 200;
const COLUMN_LIMIT = 24;

function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A value as rows and columns: a list of records by their keys (in order of first
 * appearance), a list of plain values as one column, a record as key and value. Null for
 * what has no table shape (text, numbers, cut values).
 */
export function valueAsTable(value: unknown): ValueTable | null {
  if (isTruncated(value)) return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    const shown = value.slice(0, TABLE_ROW_LIMIT);
    const hiddenRows = value.length - shown.length;
    if (shown.every(isPlainObject)) {
      const columns: string[] = [];
      for (const row of shown) for (const key of Object.keys(row)) if (!columns.includes(key) && columns.length < COLUMN_LIMIT) columns.push(key);
      return { columns, rows: shown.map((row) => columns.map((c) => cell(row[c]))), hiddenRows };
    }
    return { columns: ['Value'], rows: shown.map((item) => [cell(item)]), hiddenRows };
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return null;
    return {
      columns: ['Key', 'Value'],
      rows: entries.slice(0, TABLE_ROW_LIMIT).map(([k, v]) => [k, cell(v)]),
      hiddenRows: Math.max(0, entries.length - TABLE_ROW_LIMIT),
    };
  }
  return null;
}

/** The text a markdown view renders; null when the value is not text (it shows as JSON then). */
export function valueAsMarkdown(value: unknown): string | null {
  if (isTruncated(value)) return value.preview;
  return typeof value === 'string' ? value : null;
}

/** The view the inspector opens in for a node: that of its first output, else its first input. */
export function preferredView(outputs: Readonly<Record<string, unknown>> | undefined, inputs: Readonly<Record<string, unknown>> | undefined): ValueViewKind {
  const first = Object.values(outputs ?? {})[0] ?? Object.values(inputs ?? {})[0];
  return first === undefined ? 'text' : detectView(first);
}
