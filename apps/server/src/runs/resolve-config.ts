import { renderTemplate } from '@weft/core';

/**
 * `{{secrets.NAME}}` and `{{params.key}}` in node config and global parameters, filled by
 * the host before a node runs (DESIGN.md "Secrets and user code"): path lookup, never
 * evaluation. Every other placeholder (`{{input}}`) is kept for the node to fill.
 */

export class MissingSecretError extends Error {
  constructor(readonly secretName: string) {
    super(`Secret "${secretName}" does not exist. Add it in Settings → Secrets.`);
    this.name = 'MissingSecretError';
  }
}

export interface ResolveScope {
  readonly secrets: Readonly<Record<string, string>>;
  readonly params: Readonly<Record<string, unknown>>;
  /** Parameters that name a missing secret: using one fails like the secret itself. */
  readonly brokenParams: ReadonlyMap<string, MissingSecretError>;
}

/**
 * `{{secrets.…}}` or `{{params.…}}` somewhere: what the host fills. Other placeholders
 * (`{{input}}`) are the node's own, so a Template node without these keeps its stored
 * config object from run to run (nothing to copy, its compiled template reused).
 */
const HOST_PLACEHOLDER = /\{\{\s*(?:secrets|params)\./;

/** True when some string in `value` (deep) could hold a host placeholder; most configs have none. */
export function hasPlaceholder(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{{') && HOST_PLACEHOLDER.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasPlaceholder);
  for (const key in value) if (hasPlaceholder((value as Record<string, unknown>)[key])) return true;
  return false;
}

/**
 * The workflow's global parameters as nodes see them (`ctx.services.params`): key → value
 * with secrets filled in. A parameter naming a missing secret keeps its text there and is
 * listed in `broken`, so only a node that uses it fails.
 */
export function resolveParams(
  parameters: Readonly<Record<string, { key: string; value: string }>>,
  secrets: Readonly<Record<string, string>>,
): { params: Record<string, unknown>; broken: Map<string, MissingSecretError> } {
  const params: Record<string, unknown> = Object.create(null);
  const broken = new Map<string, MissingSecretError>();
  for (const parameter of Object.values(parameters)) {
    if (!parameter.value.includes('{{')) {
      params[parameter.key] = parameter.value;
      continue;
    }
    try {
      params[parameter.key] = renderTemplate(parameter.value, (path) => secretLookup(path, secrets), { onMissing: 'keep' });
    } catch (error) {
      if (!(error instanceof MissingSecretError)) throw error;
      params[parameter.key] = parameter.value;
      broken.set(parameter.key, error);
    }
  }
  return { params, broken };
}

/** A copy of `config` with secrets and parameters filled into every string, deep; throws MissingSecretError. */
export function resolveConfig(config: Readonly<Record<string, unknown>>, scope: ResolveScope): Record<string, unknown> {
  return resolveValue(config, scope, 0) as Record<string, unknown>;
}

const MAX_DEPTH = 100;

function resolveValue(value: unknown, scope: ResolveScope, depth: number): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    return renderTemplate(value, (path) => configLookup(path, scope), { onMissing: 'keep' });
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, scope, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = resolveValue(item, scope, depth + 1);
  return copy;
}

function configLookup(path: string, scope: ResolveScope): unknown {
  if (path.startsWith('params.')) {
    const key = path.slice('params.'.length);
    const broken = scope.brokenParams.get(key);
    if (broken) throw broken;
    return Object.hasOwn(scope.params, key) ? scope.params[key] : undefined;
  }
  return secretLookup(path, scope.secrets);
}

function secretLookup(path: string, secrets: Readonly<Record<string, string>>): unknown {
  if (!path.startsWith('secrets.')) return undefined;
  const name = path.slice('secrets.'.length);
  if (!Object.hasOwn(secrets, name)) throw new MissingSecretError(name);
  return secrets[name];
}
