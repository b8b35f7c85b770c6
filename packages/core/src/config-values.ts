import { fileIdOf, inlineFileOf } from './file-value.js';
import type { ConfigField, NodeDefinition } from './node-definition.js';

/** One config value that does not fit its field, with a message for a person. */
export interface ConfigIssue {
  readonly key: string;
  readonly message: string;
}

/**
 * Why `value` does not fit `field`, or undefined when it does. Checks shape only
 * (kind, range, option); whether a required field is filled is {@link configIssues}'
 * job, so this also serves to check a definition's own defaults.
 */
export function configFieldIssue(field: ConfigField, value: unknown): string | undefined {
  switch (field.kind) {
    case 'text':
    case 'prompt':
    case 'secret':
    case 'code':
      return typeof value === 'string' ? undefined : `${field.label} must be text`;
    case 'file':
      // An upload's id in any spelling, or an older editor's inline text (file-value.ts).
      return fileIdOf(value) !== undefined || inlineFileOf(value) !== undefined ? undefined : `${field.label} must be an uploaded file's id`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${field.label} must be on or off`;
    case 'select':
      return typeof value === 'string' && field.options.some((o) => o.value === value)
        ? undefined
        : `${field.label} must be one of ${field.options.map((o) => o.value).join(', ')}`;
    case 'json':
      return isJsonValue(value) ? undefined : `${field.label} must be JSON (objects, lists, text, numbers, true/false or null)`;
    case 'number':
      return numberIssue(field, value);
  }
}

/**
 * Every problem of a node's config against its definition: required fields that are
 * missing, null or blank, and values that do not fit their field. Keys the definition does not
 * declare are ignored, so an older or newer node version's extra keys do no harm.
 */
export function configIssues(definition: NodeDefinition, config: Readonly<Record<string, unknown>>): ConfigIssue[] {
  return collectIssues(definition, config, true);
}

/**
 * The values of a node's config that do not fit their field (kind, range, option, JSON).
 * Empty fields are no issue here, required or not: what a save checks, since a saved
 * workflow may be unfinished (a template's file fields and secrets are filled in later).
 */
export function configValueIssues(definition: NodeDefinition, config: Readonly<Record<string, unknown>>): ConfigIssue[] {
  return collectIssues(definition, config, false);
}

function collectIssues(definition: NodeDefinition, config: Readonly<Record<string, unknown>>, checkRequired: boolean): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const field of definition.config) {
    const value = config[field.key];
    if (isBlankConfigValue(value)) {
      if (checkRequired && fieldIsRequired(field, config)) issues.push({ key: field.key, message: `${field.label} is required` });
      continue;
    }
    const message = configFieldIssue(field, value);
    if (message) issues.push({ key: field.key, message });
  }
  return issues;
}

/**
 * The config a node's `run` receives: as stored, with every field the stored config lacks
 * set to its definition's default (a workflow saved before a field existed, or written by
 * hand through the API). Lacking means undefined or null, and for a number, select,
 * boolean or file field also blank text, which none of them can hold (text kinds keep
 * their empty text: a cleared field is an answer). A lacking field without a default is
 * left out, so `run` sees it as undefined (core's `ConfigOf` types it so). The same object
 * when nothing is missing.
 */
export function configWithDefaults(definition: NodeDefinition, config: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  let filled: Record<string, unknown> | undefined;
  for (const field of definition.config) {
    const value = config[field.key];
    if (!lacksValue(field, value)) continue;
    const fallback = 'default' in field ? field.default : undefined;
    if (fallback === undefined && value === undefined) continue;
    filled ??= { ...config };
    if (fallback === undefined) delete filled[field.key];
    else filled[field.key] = fallback;
  }
  return filled ?? config;
}

function lacksValue(field: ConfigField, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  const textKind = field.kind === 'text' || field.kind === 'prompt' || field.kind === 'secret' || field.kind === 'code' || field.kind === 'json';
  return !textKind && isBlankConfigValue(value);
}

/** Whether `field` must be filled in, given the rest of the node's config (`required`, `requiredWhen`). */
export function fieldIsRequired(field: ConfigField, config: Readonly<Record<string, unknown>>): boolean {
  if (field.required) return true;
  const when = field.requiredWhen;
  if (when === undefined) return false;
  return 'equals' in when ? config[when.key] === when.equals : config[when.key] !== when.notEquals;
}

/**
 * Missing for a required field: nothing, null, or text of only spaces (a prompt of spaces
 * is no prompt); `false` and `0` are answers. The editor's form marks fields by the same rule.
 */
export function isBlankConfigValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function numberIssue(field: Extract<ConfigField, { kind: 'number' }>, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${field.label} must be a number`;
  if (field.min !== undefined && value < field.min) return `${field.label} must be at least ${field.min}`;
  if (field.max !== undefined && value > field.max) return `${field.label} must be at most ${field.max}`;
  if (field.step !== undefined && field.step > 0) {
    // Steps are counted from `min`; the tolerance absorbs binary fractions such as 0.1.
    const steps = (value - (field.min ?? 0)) / field.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) return `${field.label} must be in steps of ${field.step}`;
  }
  return undefined;
}

/** Survives `JSON.stringify` unchanged: no undefined, functions, NaN, dates or class instances. */
function isJsonValue(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    return (proto === Object.prototype || proto === null) && Object.values(value).every(isJsonValue);
  }
  return false;
}
