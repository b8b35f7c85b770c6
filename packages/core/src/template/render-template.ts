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

/** Fills every placeholder; objects and arrays are written as JSON, everything else as text. */
export function renderTemplate(template: string, lookup: TemplateLookup, options: RenderOptions = {}): string {
  const onMissing = options.onMissing ?? 'keep';
  return template.replace(PLACEHOLDER, (whole, path: string) => {
    const value = lookup(path);
    if (value === undefined) {
      if (onMissing === 'error') throw new MissingPlaceholderError(path);
      return onMissing === 'empty' ? '' : whole;
    }
    return stringifyValue(value);
  });
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
