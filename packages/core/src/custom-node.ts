import { z } from 'zod';
import { configFieldIssue } from './config-values.js';
import { type DataType, VALUE_TYPES } from './data-types.js';
import type { ConfigField, NodeDefinition, PortDefinition } from './node-definition.js';

/**
 * User-defined node types (issue 4, "User code"): the rules for what a user may declare,
 * shared by the server (which stores and runs them) and the editor's dialog (which checks
 * as the user types), so both refuse the same things with the same words.
 */

/** Every custom type is `custom.<slug>`; no built-in type starts with it. */
export const CUSTOM_NODE_TYPE_PREFIX = 'custom.';
/** The code of one custom node, in UTF-8 bytes. */
export const MAX_CUSTOM_NODE_CODE_BYTES = 100 * 1024;
export const MAX_CUSTOM_NODE_PORTS = 10;
export const MAX_CUSTOM_NODE_FIELDS = 20;
export const MAX_CUSTOM_NODE_TITLE = 80;
/** Setting kinds a custom node may declare: the ones a user can fill in a form. */
export const CUSTOM_NODE_FIELD_KINDS = ['text', 'prompt', 'number', 'boolean', 'select', 'secret'] as const;
export type CustomNodeFieldKind = (typeof CUSTOM_NODE_FIELD_KINDS)[number];

export const PORT_ID_PATTERN = /^[a-z][a-z0-9_-]*$/;
const FIELD_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SLUG_MAX = 60;

export function isCustomNodeType(type: string): boolean {
  return type.startsWith(CUSTOM_NODE_TYPE_PREFIX);
}

/**
 * The slug of a title: ASCII letters and digits joined by dashes ("Café summary!" →
 * "cafe-summary"), at most 60 characters, `node` when nothing is left.
 */
export function customNodeSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'node';
}

/** `custom.<slug>`, with `-2`, `-3`, … until `taken` says no. */
export function uniqueCustomNodeType(title: string, taken: (type: string) => boolean): string {
  const base = `${CUSTOM_NODE_TYPE_PREFIX}${customNodeSlug(title)}`;
  if (!taken(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}

const text = (what: string, max: number) => z.string({ error: `${what} must be text` }).max(max, `${what} is at most ${max} characters`);
const label = (what: string, max: number) => text(what, max).trim().min(1, `${what} is required`);
const dataType = z.enum(VALUE_TYPES as [Exclude<DataType, 'tool'>, ...Exclude<DataType, 'tool'>[]], { error: `Choose a data type: ${VALUE_TYPES.join(', ')}` });
const portId = z
  .string({ error: 'Port id is required' })
  .max(40, 'Port id is at most 40 characters')
  .regex(PORT_ID_PATTERN, 'Port ids start with a lowercase letter and use only a-z, 0-9, _ and -');

const portBase = { id: portId, label: label('Label', 60), type: dataType, description: text('Description', 300).optional() };
const inputPort = z.object({ ...portBase, optional: z.boolean().optional() });
const outputPort = z.object(portBase);

const fieldBase = {
  key: z
    .string({ error: 'Setting key is required' })
    .max(40, 'Setting key is at most 40 characters')
    .regex(FIELD_KEY_PATTERN, 'Setting keys use letters, digits and _ and do not start with a digit'),
  label: label('Label', 80),
  description: text('Description', 500).optional(),
  required: z.boolean().optional(),
};
const finite = (what: string) => z.number({ error: `${what} must be a number` }).finite(`${what} must be a finite number`);

const configField = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('text'),
      ...fieldBase,
      default: text('Default', 10_000).optional(),
      placeholder: text('Placeholder', 200).optional(),
      multiline: z.boolean().optional(),
    }),
    z.object({ kind: z.literal('prompt'), ...fieldBase, default: text('Default', 10_000).optional(), placeholder: text('Placeholder', 200).optional() }),
    z.object({
      kind: z.literal('number'),
      ...fieldBase,
      default: finite('Default').optional(),
      min: finite('Minimum').optional(),
      max: finite('Maximum').optional(),
      step: finite('Step').positive('Step must be more than 0').optional(),
    }),
    z.object({ kind: z.literal('boolean'), ...fieldBase, default: z.boolean({ error: 'Default must be on or off' }).optional() }),
    z.object({
      kind: z.literal('select'),
      ...fieldBase,
      default: text('Default', 100).optional(),
      options: z
        .array(z.object({ value: label('Option value', 100), label: label('Option label', 100) }), { error: 'A choice needs a list of options' })
        .min(1, 'A choice needs at least one option')
        .max(50, 'A choice has at most 50 options'),
    }),
    z.object({ kind: z.literal('secret'), ...fieldBase }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? `Setting kind must be one of ${CUSTOM_NODE_FIELD_KINDS.join(', ')}` : undefined) },
);

const ports = <T extends z.ZodType<{ id: string }>>(schema: T, what: string) =>
  z
    .array(schema, { error: `${what} must be a list` })
    .min(1, `A custom node needs at least one ${what.toLowerCase().replace(/s$/, '')}`)
    .max(MAX_CUSTOM_NODE_PORTS, `A custom node has at most ${MAX_CUSTOM_NODE_PORTS} ${what.toLowerCase()}`)
    .superRefine((list, ctx) => unique(list, (p) => p.id, 'id', `Two ${what.toLowerCase()} have the id`, ctx));

/**
 * What a user sends to create or change a custom node type (docs/API.md "Custom node
 * types"). Messages name the problem in words; the path names the field.
 */
export const customNodeInputSchema = z.object({
  title: label('Title', MAX_CUSTOM_NODE_TITLE),
  category: z.literal('Custom', { error: 'Custom node types are listed under the category Custom' }).optional(),
  description: text('Description', 500).default(''),
  inputs: ports(inputPort, 'Inputs'),
  outputs: ports(outputPort, 'Outputs'),
  config: z
    .array(
      // Per field and per list, not on the whole body: zod skips a refinement when
      // anything before it failed, and the dialog wants every problem at once.
      configField.superRefine((field, ctx) => {
        for (const message of fieldProblems(field as ConfigField)) ctx.addIssue({ code: 'custom', message });
      }),
      { error: 'Settings must be a list' },
    )
    .max(MAX_CUSTOM_NODE_FIELDS, `A custom node has at most ${MAX_CUSTOM_NODE_FIELDS} settings`)
    .superRefine((list, ctx) => unique(list, (f) => f.key, 'key', 'Two settings have the key', ctx))
    .default([]),
  code: z
    .string({ error: 'Code is required' })
    .refine((code) => code.trim() !== '', 'Write the code this node runs')
    .refine((code) => utf8Length(code) <= MAX_CUSTOM_NODE_CODE_BYTES, `The code is larger than ${MAX_CUSTOM_NODE_CODE_BYTES / 1024} KB`),
});

export type CustomNodeInput = z.infer<typeof customNodeInputSchema>;

/** The node definition of a custom type: category Custom, ports and settings as declared. */
export function customNodeDefinition(type: string, version: number, input: CustomNodeInput): NodeDefinition {
  return {
    type,
    version,
    title: input.title,
    category: 'Custom',
    description: input.description,
    inputs: input.inputs as PortDefinition[],
    outputs: input.outputs as PortDefinition[],
    config: input.config as ConfigField[],
  };
}

function unique<T>(items: readonly T[], keyOf: (item: T) => string, leaf: string, message: string, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, leaf], message: `${message} "${key}"; each must be unique` });
    seen.add(key);
  });
}

/** Consistency a per-field schema cannot see: ranges, options, a default that fits. */
function fieldProblems(field: ConfigField): string[] {
  const problems: string[] = [];
  if (field.kind === 'number' && field.min !== undefined && field.max !== undefined && field.min > field.max) {
    problems.push(`${field.label}: the minimum is above the maximum`);
  }
  if (field.kind === 'select') {
    const values = field.options.map((o) => o.value);
    const repeated = values.find((v, i) => values.indexOf(v) !== i);
    if (repeated !== undefined) problems.push(`${field.label}: the option "${repeated}" appears twice`);
  }
  if ('default' in field && field.default !== undefined && problems.length === 0) {
    const issue = configFieldIssue(field, field.default);
    if (issue) problems.push(`The default does not fit: ${issue}`);
  }
  return problems;
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
