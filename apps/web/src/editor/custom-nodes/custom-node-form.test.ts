import { describe, expect, it } from 'vitest';
import type { CustomNodeType } from '../../api/custom-nodes';
import {
  type CustomNodeForm,
  emptyForm,
  formFromCustomNode,
  formIssues,
  newPortRow,
  newSettingRow,
  parseOptions,
  type SettingRow,
  toRequest,
  typePreview,
} from './custom-node-form';

function form(change: Partial<CustomNodeForm> = {}): CustomNodeForm {
  return { ...emptyForm(), title: 'Word count', ...change };
}

function setting(change: Partial<SettingRow>): SettingRow {
  return { ...newSettingRow([]), ...change };
}

describe('toRequest', () => {
  it('maps a new node to the API body, trimmed', () => {
    const request = toRequest(form({ title: '  Word count ', description: ' Counts ' }));
    expect(request).toEqual({
      title: 'Word count',
      description: 'Counts',
      inputs: [{ id: 'input', label: 'Input', type: 'any' }],
      outputs: [{ id: 'output', label: 'Output', type: 'json' }],
      config: [],
      code: emptyForm().code,
    });
    expect(formIssues(form())).toEqual({});
  });

  it('maps each setting kind, leaving empty defaults out', () => {
    const settings = [
      setting({ kind: 'text', key: 'greeting', label: 'Greeting', defaultText: 'Hi', description: ' Said first ' }),
      setting({ kind: 'prompt', key: 'ask', label: 'Ask', required: true }),
      setting({ kind: 'number', key: 'n', label: 'N', defaultNumber: '3', min: '1', max: ' ' }),
      setting({ kind: 'boolean', key: 'loud', label: 'Loud', defaultBoolean: true }),
      setting({ kind: 'select', key: 'mode', label: 'Mode', options: 'fast = Fast\n\n slow \n', defaultText: 'slow' }),
      setting({ kind: 'secret', key: 'token', label: 'Token', defaultText: 'ignored' }),
    ];
    expect(toRequest(form({ settings })).config).toEqual([
      { kind: 'text', key: 'greeting', label: 'Greeting', description: 'Said first', default: 'Hi' },
      { kind: 'prompt', key: 'ask', label: 'Ask', required: true },
      { kind: 'number', key: 'n', label: 'N', default: 3, min: 1 },
      { kind: 'boolean', key: 'loud', label: 'Loud', default: true },
      {
        kind: 'select',
        key: 'mode',
        label: 'Mode',
        options: [
          { value: 'fast', label: 'Fast' },
          { value: 'slow', label: 'slow' },
        ],
        default: 'slow',
      },
      { kind: 'secret', key: 'token', label: 'Token' },
    ]);
    expect(formIssues(form({ settings }))).toEqual({});
  });

  it('marks optional inputs only', () => {
    const inputs = [{ ...newPortRow([], 'input', 'text'), optional: true }];
    expect(toRequest(form({ inputs })).inputs).toEqual([{ id: 'input', label: 'Input', type: 'text', optional: true }]);
  });
});

describe('formFromCustomNode', () => {
  it('gives back the same request after a round trip', () => {
    const original = form({
      description: 'Counts',
      settings: [
        setting({ kind: 'number', key: 'n', label: 'N', defaultNumber: '2.5', min: '0', max: '10' }),
        setting({ kind: 'select', key: 'mode', label: 'Mode', options: 'a\nb = Bee', defaultText: 'a' }),
        setting({ kind: 'boolean', key: 'on', label: 'On', defaultBoolean: false }),
      ],
    });
    const body = toRequest(original);
    const stored = { id: 'x', type: 'custom.word-count', version: 2, category: 'Custom', createdAt: '', updatedAt: '', ...body } as unknown as CustomNodeType;
    expect(toRequest(formFromCustomNode(stored))).toEqual(body);
  });
});

describe('formIssues', () => {
  it('names problems by the path the API uses, with the same words', () => {
    const inputs = [newPortRow([], 'input', 'text'), { ...newPortRow([], 'input', 'text'), id: 'input' }];
    const issues = formIssues(
      form({ title: ' ', inputs, outputs: [], settings: [setting({ kind: 'number', key: 'n', label: 'N', defaultNumber: 'ten' })], code: '' }),
    );
    expect(issues).toEqual({
      title: 'Title is required',
      'inputs.1.id': 'Two inputs have the id "input"; each must be unique',
      outputs: 'A custom node needs at least one output',
      'config.0.default': 'Default must be a number',
      code: 'Write the code this node runs',
    });
  });

  it('refuses a select default that is not an option', () => {
    const settings = [setting({ kind: 'select', key: 'mode', label: 'Mode', options: 'a\nb', defaultText: 'c' })];
    expect(formIssues(form({ settings }))).toEqual({ 'config.0': 'The default does not fit: Mode must be one of a, b' });
  });
});

describe('small helpers', () => {
  it('parses options one per line', () => {
    expect(parseOptions(' x \n\ny=Why\nz = ')).toEqual([
      { value: 'x', label: 'x' },
      { value: 'y', label: 'Why' },
      { value: 'z', label: 'z' },
    ]);
  });

  it('previews the type id the server will give', () => {
    expect(typePreview('Café summary!')).toBe('custom.cafe-summary');
    expect(typePreview('')).toBe('custom.node');
  });

  it('gives added ports and settings ids that are still free', () => {
    const first = newPortRow([], 'output', 'json');
    const second = newPortRow([first], 'output', 'json');
    expect([first.id, second.id, second.label]).toEqual(['output', 'output_2', 'Output 2']);
    expect(newSettingRow([newSettingRow([])]).key).toBe('setting2');
  });
});
