/**
 * `{{ path }}` placeholders: path lookup only, never evaluation (DESIGN.md "Secrets and
 * user code"). A path is dot-separated names or array indices (`input.items.0.title`);
 * anything else between the braces is left as written.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w$]*(?:\.[\w$-]+)*)\s*\}\}/g;

/** What a placeholder resolves to: `undefined` means "not found". */
export type TemplateLookup = (path: string) => unknown;

export interface RenderOptions {
  /**
   * When a path is not found: `keep` leaves the placeholder as written (so a later pass
   * can fill it), `empty` removes it, `error` throws naming the placeholder.
   */
  readonly onMissing?: 'keep' | 'empty' | 'error';
}

export class MissingPlaceholderError extends Error {
  constructor(readonly path: string) {
    super(`Nothing to fill {{${path}}}: no value has that name`);
    this.name = 'MissingPlaceholderError';
  }
}

/**
 * A template split once into its literal text and placeholders, for a template rendered
 * many times (a Template node on a busy webhook): rendering it is string concatenation,
 * without scanning the text with the placeholder pattern again.
 */
export interface CompiledTemplate {
  readonly template: string;
  /** Literal text at even indices, placeholder paths at odd ones (`[text, path, text, …]`). */
  readonly parts: readonly string[];
  /** Each placeholder as written, for `onMissing: 'keep'`. */
  readonly written: readonly string[];
}

export function compileTemplate(template: string): CompiledTemplate {
  const parts: string[] = [];
  const written: string[] = [];
  let from = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    parts.push(template.slice(from, match.index), match[1] as string);
    written.push(match[0]);
    from = match.index + match[0].length;
  }
  parts.push(template.slice(from));
  return { template, parts, written };
}

/** Fills every placeholder; objects and arrays are written as JSON, everything else as text. */
export function renderTemplate(template: string | CompiledTemplate, lookup: TemplateLookup, options: RenderOptions = {}): string {
  const onMissing = options.onMissing ?? 'keep';
  const { parts, written } = typeof template === 'string' ? compileTemplate(template) : template;
  let text = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const path = parts[i] as string;
    const value = lookup(path);
    if (value !== undefined) text += stringifyValue(value);
    else if (onMissing === 'error') throw new MissingPlaceholderError(path);
    else if (onMissing === 'keep') text += written[(i - 1) / 2] as string;
    text += parts[i + 1] as string;
  }
  return text;
}

/** The placeholder paths in a template, in order of appearance, without repeats. */
export function placeholderPaths(template: string): string[] {
  const seen = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) seen.add(match[1] as string);
  return [...seen];
}

/** A lookup into a plain object tree: `a.b.0.c`. Own properties only, so `constructor` and friends are never reached. */
export function lookupPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function stringifyValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null) return 'null';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
