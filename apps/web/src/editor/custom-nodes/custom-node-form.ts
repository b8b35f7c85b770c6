import {
  type ConfigField,
  CUSTOM_NODE_TYPE_PREFIX,
  type CustomNodeFieldKind,
  customNodeInputSchema,
  customNodeSlug,
  type DataType,
  type PortDefinition,
} from '@weft/core';
import type { CustomNodeRequest, CustomNodeType } from '../../api/custom-nodes';

/** One port row of the dialog. `rowKey` identifies the row while ids are being typed. */
export interface PortRow {
  rowKey: string;
  id: string;
  label: string;
  type: DataType;
  optional: boolean;
}

/**
 * One setting row. Number fields are kept as typed text, so "1." or "" can be on screen;
 * `toRequest` turns them into numbers and the schema judges the result.
 */
export interface SettingRow {
  rowKey: string;
  kind: CustomNodeFieldKind;
  key: string;
  label: string;
  description: string;
  required: boolean;
  /** Default of text, prompt and select settings. */
  defaultText: string;
  defaultNumber: string;
  defaultBoolean: boolean;
  min: string;
  max: string;
  /** Select options, one per line: `value`, or `value = Label`. */
  options: string;
}

export interface CustomNodeForm {
  title: string;
  description: string;
  inputs: PortRow[];
  outputs: PortRow[];
  settings: SettingRow[];
  code: string;
}

export const STARTER_CODE = `// \`inputs\`: the connected values by input id; \`config\`: the settings by key;
// \`params\`: the workflow's global parameters. Return an object keyed by output id
// (with a single output, any value is taken as that output).
return { output: inputs.input };`;

let rowCounter = 0;
export function newRowKey(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

export function newPortRow(existing: readonly PortRow[], base: 'input' | 'output', type: DataType): PortRow {
  const ids = new Set(existing.map((p) => p.id));
  let id: string = base;
  for (let n = 2; ids.has(id); n += 1) id = `${base}_${n}`;
  const label = base === 'input' ? 'Input' : 'Output';
  return { rowKey: newRowKey(), id, label: existing.length === 0 ? label : `${label} ${existing.length + 1}`, type, optional: false };
}

export function newSettingRow(existing: readonly SettingRow[]): SettingRow {
  const keys = new Set(existing.map((s) => s.key));
  let key = 'setting';
  for (let n = 2; keys.has(key); n += 1) key = `setting${n}`;
  return {
    rowKey: newRowKey(),
    kind: 'text',
    key,
    label: 'Setting',
    description: '',
    required: false,
    defaultText: '',
    defaultNumber: '',
    defaultBoolean: false,
    min: '',
    max: '',
    options: '',
  };
}

/** A new node: one input, one output, code that passes the input on. */
export function emptyForm(): CustomNodeForm {
  return {
    title: '',
    description: '',
    inputs: [newPortRow([], 'input', 'any')],
    outputs: [newPortRow([], 'output', 'json')],
    settings: [],
    code: STARTER_CODE,
  };
}

/** The dialog's rows for an existing type. */
export function formFromCustomNode(node: CustomNodeType): CustomNodeForm {
  const port = (p: PortDefinition): PortRow => ({ rowKey: newRowKey(), id: p.id, label: p.label, type: p.type, optional: p.optional === true });
  return {
    title: node.title,
    description: node.description,
    inputs: node.inputs.map(port),
    outputs: node.outputs.map(port),
    settings: node.config.flatMap((field) => {
      const row = settingFromField(field);
      return row ? [row] : [];
    }),
    code: node.code,
  };
}

function settingFromField(field: ConfigField): SettingRow | null {
  const base = { ...newSettingRow([]), key: field.key, label: field.label, description: field.description ?? '', required: field.required === true };
  switch (field.kind) {
    case 'text':
    case 'prompt':
      return { ...base, kind: field.kind, defaultText: field.default ?? '' };
    case 'number':
      return { ...base, kind: 'number', defaultNumber: numberText(field.default), min: numberText(field.min), max: numberText(field.max) };
    case 'boolean':
      return { ...base, kind: 'boolean', defaultBoolean: field.default === true };
    case 'select':
      return {
        ...base,
        kind: 'select',
        defaultText: field.default ?? '',
        options: field.options.map((o) => (o.label === o.value ? o.value : `${o.value} = ${o.label}`)).join('\n'),
      };
    case 'secret':
      return { ...base, kind: 'secret' };
    default:
      // Kinds a custom node cannot declare (file, json, code) never come from the API.
      return null;
  }
}

const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));
/** "" is no value; anything else is a number or NaN, which the schema refuses by name. */
const numberValue = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** Options from the textarea: blank lines skipped, `value = Label` or just `value`. */
export function parseOptions(text: string): { value: string; label: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      if (at === -1) return { value: line, label: line };
      const value = line.slice(0, at).trim();
      return { value, label: line.slice(at + 1).trim() || value };
    });
}

/** The API body for the form; keys left empty are left out so defaults stay unset. */
export function toRequest(form: CustomNodeForm): CustomNodeRequest {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    inputs: form.inputs.map((p) => ({ id: p.id.trim(), label: p.label.trim(), type: p.type, ...(p.optional ? { optional: true as const } : {}) })),
    outputs: form.outputs.map((p) => ({ id: p.id.trim(), label: p.label.trim(), type: p.type })),
    config: form.settings.map(settingToField),
    code: form.code,
  };
}

function settingToField(row: SettingRow): Record<string, unknown> {
  const field: Record<string, unknown> = { kind: row.kind, key: row.key.trim(), label: row.label.trim() };
  if (row.description.trim()) field.description = row.description.trim();
  if (row.required && row.kind !== 'boolean') field.required = true;
  switch (row.kind) {
    case 'text':
    case 'prompt':
      if (row.defaultText !== '') field.default = row.defaultText;
      break;
    case 'number':
      for (const [name, text] of [
        ['default', row.defaultNumber],
        ['min', row.min],
        ['max', row.max],
      ] as const) {
        const value = numberValue(text);
        if (value !== undefined) field[name] = value;
      }
      break;
    case 'boolean':
      field.default = row.defaultBoolean;
      break;
    case 'select':
      field.options = parseOptions(row.options);
      if (row.defaultText.trim() !== '') field.default = row.defaultText.trim();
      break;
    case 'secret':
      break;
  }
  return field;
}

/**
 * Problems by the path the API would name ("title", "inputs.0.id", "config.1"), first
 * one per path, from the same schema the server applies: what the dialog shows inline
 * is what a save would be refused for.
 */
export function formIssues(form: CustomNodeForm): Record<string, string> {
  const result = customNodeInputSchema.safeParse(toRequest(form));
  if (result.success) return {};
  const issues: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    issues[path] ??= issue.message;
  }
  return issues;
}

/** The type id a new node will get, as far as the browser can tell (the server adds -2… on a clash). */
export function typePreview(title: string): string {
  return `${CUSTOM_NODE_TYPE_PREFIX}${customNodeSlug(title)}`;
}
