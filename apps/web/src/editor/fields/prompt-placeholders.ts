/**
 * `{{…}}` placeholders in prompts and text fields (DESIGN.md "Secrets and user code"):
 * path lookups only, never code. The editor parses them to highlight them, to say which
 * ones point nowhere, and to insert them at the caret.
 *
 * Grammar the editor offers:
 * - `{{input}}`: the node's input (all of it, when there is one input);
 * - `{{input.PORT}}`: one named input port, for nodes with several inputs;
 * - `{{params.KEY}}`: a global parameter of the workflow;
 * - `{{secrets.NAME}}`: a stored secret, resolved on the server at run time.
 */

export type PlaceholderKind = 'input' | 'param' | 'secret' | 'unknown';

export interface Placeholder {
  /** Offset of the opening `{{` in the text. */
  start: number;
  /** Offset just past the closing `}}`. */
  end: number;
  /** The path between the braces, trimmed, e.g. `params.topic`. */
  path: string;
  kind: PlaceholderKind;
  /** The part after the prefix: a parameter key, secret name or port id ('' for `{{input}}`). */
  name: string;
}

/** `{{ path }}`: no nested braces, so `{{{x}}}` and JSON bodies don't confuse it. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

function classify(path: string): { kind: PlaceholderKind; name: string } {
  if (path === 'input') return { kind: 'input', name: '' };
  const dot = path.indexOf('.');
  if (dot === -1) return { kind: 'unknown', name: path };
  const prefix = path.slice(0, dot);
  const name = path.slice(dot + 1);
  if (!NAME.test(name)) return { kind: 'unknown', name };
  if (prefix === 'input') return { kind: 'input', name };
  if (prefix === 'params') return { kind: 'param', name };
  if (prefix === 'secrets') return { kind: 'secret', name };
  return { kind: 'unknown', name };
}

/** Every placeholder in `text`, in order. */
export function parsePlaceholders(text: string): Placeholder[] {
  const found: Placeholder[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const path = match[1] ?? '';
    found.push({ start: match.index, end: match.index + match[0].length, path, ...classify(path) });
  }
  return found;
}

/** A run of plain text, or one placeholder, for drawing highlighted text. */
export type Segment = { text: string; placeholder?: Placeholder };

/** `text` cut into plain runs and placeholders; concatenating `text` gives back the input. */
export function splitSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  let cursor = 0;
  for (const placeholder of parsePlaceholders(text)) {
    if (placeholder.start > cursor) segments.push({ text: text.slice(cursor, placeholder.start) });
    segments.push({ text: text.slice(placeholder.start, placeholder.end), placeholder });
    cursor = placeholder.end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor) });
  return segments;
}

/** What the editor knows exists, to tell a working placeholder from a dangling one. */
export interface PlaceholderScope {
  /** Global parameter keys of the workflow. */
  parameters: readonly string[];
  /** The node's input port ids. */
  inputs: readonly string[];
  /** Secret names, or `null` when the list is unknown (then every name is accepted). */
  secrets: readonly string[] | null;
}

/** Why a placeholder would not resolve, or `null` when it looks fine. */
export function placeholderProblem(placeholder: Placeholder, scope: PlaceholderScope): string | null {
  switch (placeholder.kind) {
    case 'input':
      if (scope.inputs.length === 0) return 'This node has no inputs.';
      if (placeholder.name && !scope.inputs.includes(placeholder.name)) return `This node has no input “${placeholder.name}”.`;
      return null;
    case 'param':
      return scope.parameters.includes(placeholder.name) ? null : `No global parameter “${placeholder.name}”.`;
    case 'secret':
      return scope.secrets === null || scope.secrets.includes(placeholder.name) ? null : `No secret named “${placeholder.name}”.`;
    case 'unknown':
      return `“{{${placeholder.path}}}” is not a placeholder Weft knows: use input, params.KEY or secrets.NAME.`;
  }
}

/** The distinct problems in `text`, one message each, in order of appearance. */
export function placeholderProblems(text: string, scope: PlaceholderScope): string[] {
  const messages = new Set<string>();
  for (const placeholder of parsePlaceholders(text)) {
    const problem = placeholderProblem(placeholder, scope);
    if (problem) messages.add(problem);
  }
  return [...messages];
}

export interface Insertion {
  text: string;
  /** Where the selection goes after inserting. */
  selectionStart: number;
  selectionEnd: number;
}

/**
 * Replaces the selection `[start, end)` with `snippet`. The caret lands after the
 * snippet, unless `select` names a part of the snippet to leave selected (so the user
 * can type over a `NAME` stand-in at once).
 */
export function insertSnippet(text: string, start: number, end: number, snippet: string, select?: string): Insertion {
  const from = clamp(Math.min(start, end), 0, text.length);
  const to = clamp(Math.max(start, end), 0, text.length);
  const next = text.slice(0, from) + snippet + text.slice(to);
  const at = select ? snippet.indexOf(select) : -1;
  if (select && at !== -1) return { text: next, selectionStart: from + at, selectionEnd: from + at + select.length };
  return { text: next, selectionStart: from + snippet.length, selectionEnd: from + snippet.length };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
