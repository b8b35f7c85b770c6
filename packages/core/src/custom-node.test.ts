import { describe, expect, it } from 'vitest';
import {
  customNodeDefinition,
  customNodeInputSchema,
  customNodeSlug,
  isCustomNodeType,
  MAX_CUSTOM_NODE_CODE_BYTES,
  uniqueCustomNodeType,
} from './custom-node.js';
import { VALUE_TYPES } from './data-types.js';

const valid = {
  title: 'Word count',
  description: 'Counts words',
  inputs: [{ id: 'text', label: 'Text', type: 'text' }],
  outputs: [{ id: 'count', label: 'Count', type: 'json' }],
  config: [{ kind: 'number', key: 'minLength', label: 'Shortest word', min: 1, max: 20, step: 1, default: 1 }],
  code: 'return { count: inputs.text.split(/\\s+/).length };',
};

/** The first problem's "path: message", as the API's 400 would say it. */
function problem(input: unknown): string | undefined {
  const result = customNodeInputSchema.safeParse(input);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return `${issue?.path.join('.')}: ${issue?.message}`;
}

describe('customNodeSlug', () => {
  it.each([
    ['Word count', 'word-count'],
    ['  Café summary!  ', 'cafe-summary'],
    ['ÜBER   fancy__node', 'uber-fancy-node'],
    ['日本語', 'node'],
    ['---', 'node'],
    [`${'a'.repeat(59)} b`, 'a'.repeat(59)],
  ])('%j → %j', (title, slug) => {
    expect(customNodeSlug(title)).toBe(slug);
  });

  it('adds -2, -3 … on a clash', () => {
    const taken = new Set(['custom.word-count', 'custom.word-count-2']);
    expect(uniqueCustomNodeType('Word count', (t) => taken.has(t))).toBe('custom.word-count-3');
    expect(uniqueCustomNodeType('Other', (t) => taken.has(t))).toBe('custom.other');
  });

  it('tells custom types from built-ins', () => {
    expect(isCustomNodeType('custom.word-count')).toBe(true);
    expect(isCustomNodeType('code.javascript')).toBe(false);
  });
});

describe('customNodeInputSchema', () => {
  it('accepts a complete node and fills the defaults', () => {
    const parsed = customNodeInputSchema.parse({ ...valid, description: undefined, config: undefined });
    expect(parsed).toMatchObject({ title: 'Word count', description: '', config: [] });
    expect(customNodeDefinition('custom.word-count', 3, parsed)).toEqual({
      type: 'custom.word-count',
      version: 3,
      title: 'Word count',
      category: 'Custom',
      description: '',
      inputs: valid.inputs,
      outputs: valid.outputs,
      config: [],
    });
  });

  const refusals = [
    [{ title: '  ' }, 'title: Title is required'],
    [{ title: 'x'.repeat(81) }, 'title: Title is at most 80 characters'],
    [{ category: 'AI' }, 'category: Custom node types are listed under the category Custom'],
    [{ inputs: [] }, 'inputs: A custom node needs at least one input'],
    [{ outputs: Array.from({ length: 11 }, (_, i) => ({ id: `o${i}`, label: 'O', type: 'text' })) }, 'outputs: A custom node has at most 10 outputs'],
    [{ inputs: [{ id: 'Text', label: 'Text', type: 'text' }] }, 'inputs.0.id: Port ids start with a lowercase letter and use only a-z, 0-9, _ and -'],
    [{ inputs: [{ id: '1st', label: 'Text', type: 'text' }] }, 'inputs.0.id: Port ids start with a lowercase letter and use only a-z, 0-9, _ and -'],
    [{ inputs: [{ id: 'text', label: 'Text', type: 'string' }] }, `inputs.0.type: Choose a data type: ${VALUE_TYPES.join(', ')}`],
    [
      {
        outputs: [
          { id: 'a', label: 'A', type: 'text' },
          { id: 'a', label: 'B', type: 'json' },
        ],
      },
      'outputs.1.id: Two outputs have the id "a"; each must be unique',
    ],
    [{ config: [{ kind: 'file', key: 'f', label: 'File' }] }, 'config.0.kind: Setting kind must be one of text, prompt, number, boolean, select, secret'],
    [{ config: [{ kind: 'text', key: '9lives', label: 'Lives' }] }, 'config.0.key: Setting keys use letters, digits and _ and do not start with a digit'],
    [{ config: [{ kind: 'number', key: 'n', label: 'N', min: 5, max: 1 }] }, 'config.0: N: the minimum is above the maximum'],
    [{ config: [{ kind: 'number', key: 'n', label: 'N', max: 3, default: 4 }] }, 'config.0: The default does not fit: N must be at most 3'],
    [{ config: [{ kind: 'select', key: 's', label: 'Mode', options: [] }] }, 'config.0.options: A choice needs at least one option'],
    [
      { config: [{ kind: 'select', key: 's', label: 'Mode', options: [{ value: 'a', label: 'A' }], default: 'b' }] },
      'config.0: The default does not fit: Mode must be one of a',
    ],
    [
      {
        config: [
          { kind: 'secret', key: 'token', label: 'Token' },
          { kind: 'text', key: 'token', label: 'Token 2' },
        ],
      },
      'config.1.key: Two settings have the key "token"; each must be unique',
    ],
    [{ code: '  \n' }, 'code: Write the code this node runs'],
    [{ code: 'x'.repeat(MAX_CUSTOM_NODE_CODE_BYTES + 1) }, 'code: The code is larger than 100 KB'],
  ] as [Record<string, unknown>, string][];
  it.each(refusals.map(([change, message]) => ({ change, message })))('refuses: $message', ({ change, message }) => {
    expect(problem({ ...valid, ...change })).toBe(message);
  });

  it('counts the code limit in UTF-8 bytes, not characters', () => {
    // "é" is two bytes: half the limit in characters is exactly the limit in bytes.
    expect(problem({ ...valid, code: 'é'.repeat(MAX_CUSTOM_NODE_CODE_BYTES / 2) })).toBeUndefined();
    expect(problem({ ...valid, code: `${'é'.repeat(MAX_CUSTOM_NODE_CODE_BYTES / 2)}x` })).toBe('code: The code is larger than 100 KB');
  });
});
