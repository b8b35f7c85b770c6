import { type CompiledTemplate, lookupPath, MissingPlaceholderError, renderTemplate } from '@weft/core';

/** What `{{…}}` placeholders can name while a node runs: its input and the workflow's parameters. */
export interface PlaceholderScope {
  readonly input: unknown;
  readonly params: Readonly<Record<string, unknown>>;
  /** The Template node's Context input: retrieved passages, numbered, with their sources. */
  readonly context?: unknown;
}

export type OnMissing = 'error' | 'empty' | 'keep';

/**
 * Fills `{{input}}` and `{{params.x}}` in `text` (path lookup, never evaluation). The
 * host has already replaced `{{secrets.NAME}}`. A missing name throws a message saying
 * where (`where`, e.g. "the URL") and why, since "no value" alone sends people hunting.
 * `text` may be compiled once beforehand (core's compileTemplate) when it is filled often.
 */
export function fillPlaceholders(text: string | CompiledTemplate, scope: PlaceholderScope, where: string, onMissing: OnMissing = 'error'): string {
  try {
    return renderTemplate(text, (path) => lookupPath(scope, path), { onMissing });
  } catch (error) {
    if (error instanceof MissingPlaceholderError) throw new Error(missingMessage(error.path, scope, where));
    throw error;
  }
}

/** A value for a placeholder that is the whole text (`"{{input}}"`), kept as it is rather than turned into text. */
export function wholePlaceholderValue(text: string, scope: PlaceholderScope): { found: boolean; value?: unknown } {
  const match = /^\{\{\s*([A-Za-z_$][\w$]*(?:\.[\w$-]+)*)\s*\}\}$/.exec(text);
  if (!match?.[1]) return { found: false };
  const value = lookupPath(scope, match[1]);
  return value === undefined ? { found: false } : { found: true, value };
}

/**
 * Fills placeholders in every string of a JSON value (a request body, Slack blocks); a
 * string that is one placeholder takes its value as is, so numbers and objects stay JSON.
 */
export function fillJsonPlaceholders(value: unknown, scope: PlaceholderScope, where: string): unknown {
  if (typeof value === 'string') {
    const whole = wholePlaceholderValue(value, scope);
    return whole.found ? whole.value : fillPlaceholders(value, scope, where);
  }
  if (Array.isArray(value)) return value.map((item) => fillJsonPlaceholders(item, scope, where));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillJsonPlaceholders(item, scope, where)]));
  }
  return value;
}

/**
 * Fails when a secret field still holds its `{{secrets.NAME}}` reference: the host fills
 * known secrets before the node runs, so one left over names a secret that does not exist.
 */
export function requireResolvedSecret(value: string, label: string): string {
  const match = /^\{\{\s*secrets\.([\w$-]*)\s*\}\}$/.exec(value.trim());
  if (match) throw new Error(`${label} refers to {{secrets.${match[1]}}}, but you have no secret named "${match[1]}": add it in Settings → Secrets`);
  return value;
}

function missingMessage(path: string, scope: PlaceholderScope, where: string): string {
  const [root, name, ...rest] = path.split('.');
  const prefix = `Nothing to fill {{${path}}} in ${where}`;
  if (root === 'input') {
    if (scope.input === undefined) return `${prefix}: no value arrived on the node's input (is it connected?)`;
    return `${prefix}: the input has no "${[name, ...rest].join('.')}"`;
  }
  if (root === 'params') {
    if (name === undefined) return `${prefix}: name a parameter, as in {{params.key}}`;
    if (!Object.hasOwn(scope.params, name)) return `${prefix}: the workflow has no parameter "${name}"`;
    return `${prefix}: parameter "${name}" has no "${rest.join('.')}"`;
  }
  if (root === 'secrets') return `${prefix}: you have no secret named "${name ?? ''}"`;
  if (root === 'context') return `${prefix}: nothing arrived on the Context input (is a Retriever connected?)`;
  return `${prefix}: placeholders can name {{input}} and {{params.key}}`;
}
