import { fieldIsRequired, isBlankConfigValue } from './config-values.js';
import type { ConfigField, NodeDefinition } from './node-definition.js';
import { placeholderPaths } from './template/render-template.js';

/** The JSON Schema of one tool argument: what providers accept for it. */
export interface ToolArgumentSchema {
  readonly type?: 'string' | 'number' | 'boolean' | 'object' | 'array';
  readonly description?: string;
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
}

/** A node as a tool, as its Agent's model is told of it (name, description, arguments). */
export interface ToolSignature {
  /** `^[a-zA-Z0-9_-]{1,64}$`, from the node's label; an agent makes clashes unique ({@link uniqueNames}). */
  readonly name: string;
  readonly description: string;
  readonly parameters: {
    readonly type: 'object';
    readonly properties: Readonly<Record<string, ToolArgumentSchema>>;
    readonly required: readonly string[];
    readonly additionalProperties: false;
  };
  /** The arguments that fill empty config fields of the same key. */
  readonly fromConfig: readonly string[];
  /** The arguments that are the node's inputs of the same id. */
  readonly fromInputs: readonly string[];
}

/** The part of a node a tool is derived from. */
export interface ToolNodeLike {
  readonly label?: string;
  readonly description?: string;
  readonly config: Readonly<Record<string, unknown>>;
}

const ARGS_PREFIX = 'args.';

/**
 * A node as one tool, from its type's declaration (`toolUse`): the arguments are the
 * declared config fields the node leaves empty (a filled field is the user's decision),
 * the declared inputs (those marked `onlyIfUsed` only when the node's text says
 * `{{input…}}`), and each `{{args.NAME}}` written in its text fields. Pure, so the
 * Agent's run (packages/nodes tools/node-tools.ts) and the editor's tools overview derive
 * the same names and arguments. Undefined for a type that is no tool.
 */
export function toolSignature(node: ToolNodeLike, definition: NodeDefinition): ToolSignature | undefined {
  const toolUse = definition.toolUse;
  if (!toolUse) return undefined;
  const properties: Record<string, ToolArgumentSchema> = {};
  const required: string[] = [];
  const fromConfig: string[] = [];
  const fromInputs: string[] = [];
  const usesInput = usesPlaceholder(node.config, 'input');
  for (const argument of toolUse.arguments ?? []) {
    if (argument.onlyWhen && !argument.onlyWhen.oneOf.includes(String(node.config[argument.onlyWhen.key]))) continue;
    if (argument.from === 'config') {
      const field = definition.config.find((f) => f.key === argument.key);
      if (!field || !isBlankConfigValue(node.config[argument.key])) continue;
      properties[argument.key] = { ...fieldSchema(field), description: argument.description };
      if (!argument.optional && fieldIsRequired(field, node.config)) required.push(argument.key);
      fromConfig.push(argument.key);
    } else {
      if (argument.onlyIfUsed && !usesInput) continue;
      properties[argument.key] = { ...(argument.type ? { type: argument.type } : {}), description: argument.description };
      if (!argument.optional) required.push(argument.key);
      fromInputs.push(argument.key);
    }
  }
  for (const path of argsPlaceholders(node.config)) {
    const key = path.slice(ARGS_PREFIX.length);
    if (properties[key]) continue;
    properties[key] = { type: 'string', description: `Written into the node where it says {{args.${key}}}` };
    required.push(key);
  }
  const label = node.label;
  const description = node.description?.trim() || `${toolUse.description}${label && label !== definition.title ? ` (${label})` : ''}`;
  return {
    name: toolName(label || definition.title),
    description,
    parameters: { type: 'object', properties, required, additionalProperties: false },
    fromConfig,
    fromInputs,
  };
}

/** A JSON Schema for what a config field holds. */
function fieldSchema(field: ConfigField): ToolArgumentSchema {
  switch (field.kind) {
    case 'number':
      return { type: 'number', ...(field.min !== undefined ? { minimum: field.min } : {}), ...(field.max !== undefined ? { maximum: field.max } : {}) };
    case 'select':
      return { type: 'string', enum: field.options.map((option) => option.value) };
    case 'boolean':
      return { type: 'boolean' };
    case 'json':
      return {};
    default:
      return { type: 'string' };
  }
}

/** Whether a string of the config names `{{root}}` or `{{root.…}}`. */
function usesPlaceholder(value: unknown, root: string): boolean {
  if (typeof value === 'string') return placeholderPaths(value).some((path) => path === root || path.startsWith(`${root}.`));
  if (Array.isArray(value)) return value.some((item) => usesPlaceholder(item, root));
  if (typeof value === 'object' && value !== null) return Object.values(value).some((item) => usesPlaceholder(item, root));
  return false;
}

/** Every `{{args.NAME}}` in the strings of a config, in order, without repeats. */
export function argsPlaceholders(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    for (const path of placeholderPaths(value)) if (path.startsWith(ARGS_PREFIX) && !path.slice(ARGS_PREFIX.length).includes('.')) found.add(path);
  } else if (Array.isArray(value)) for (const item of value) argsPlaceholders(item, found);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) argsPlaceholders(item, found);
  return found;
}

/** A name providers accept (`^[a-zA-Z0-9_-]{1,64}$`), from a node's label: "Look up order" → `look_up_order`. */
export function toolName(label: string): string {
  const name = label
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .slice(0, 64);
  return name || 'tool';
}

/** Names made unique in order: a repeat gets `_2`, `_3` (cut to stay within 64). */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((wanted) => {
    let name = wanted;
    for (let n = 2; taken.has(name); n++) name = `${wanted.slice(0, 60)}_${n}`;
    taken.add(name);
    return name;
  });
}
