import { describe, expect, it } from 'vitest';
import { configFieldIssue, configIssues, configValueIssues, configWithDefaults, fieldIsRequired } from './config-values.js';
import type { ConfigField, NodeDefinition } from './node-definition.js';

const text: ConfigField = { kind: 'text', key: 'url', label: 'URL', required: true };
const temperature: ConfigField = { kind: 'number', key: 't', label: 'Temperature', min: 0, max: 2, step: 0.1 };
const count: ConfigField = { kind: 'number', key: 'n', label: 'Inputs', min: 2, max: 16, step: 1 };
const method: ConfigField = {
  kind: 'select',
  key: 'method',
  label: 'Method',
  options: [
    { value: 'GET', label: 'GET' },
    { value: 'POST', label: 'POST' },
  ],
};
const flag: ConfigField = { kind: 'boolean', key: 'f', label: 'Flag' };
const headers: ConfigField = { kind: 'json', key: 'h', label: 'Headers' };
const source: ConfigField = { kind: 'code', key: 'code', label: 'JavaScript', language: 'javascript' };
const file: ConfigField = { kind: 'file', key: 'file', label: 'File' };

describe('configFieldIssue', () => {
  it.each([
    [text, 'https://example.com'],
    [text, ''],
    [temperature, 0],
    [temperature, 0.7],
    [temperature, 2],
    [count, 16],
    [method, 'POST'],
    [flag, false],
    [headers, { accept: 'application/json', retries: [1, 2], nested: { ok: true, none: null } }],
    [headers, null],
    [source, 'return input;'],
    [file, 'f6c1d0e2'],
    [file, { id: 'f6c1d0e2', name: 'handbook.md' }],
    [file, { fileId: 'f6c1d0e2' }],
    [file, { name: 'notes.txt', content: 'attached by an older editor' }],
  ] as [ConfigField, unknown][])('accepts %j = %j', (field, value) => {
    expect(configFieldIssue(field, value)).toBeUndefined();
  });

  it.each([
    [text, 42, 'URL must be text'],
    [temperature, '0.7', 'Temperature must be a number'],
    [temperature, Number.NaN, 'Temperature must be a number'],
    [temperature, -0.1, 'Temperature must be at least 0'],
    [temperature, 2.5, 'Temperature must be at most 2'],
    [temperature, 0.75, 'Temperature must be in steps of 0.1'],
    [count, 2.5, 'Inputs must be in steps of 1'],
    [method, 'PATCH', 'Method must be one of GET, POST'],
    [flag, 'yes', 'Flag must be on or off'],
    [headers, { when: new Date(0) }, /^Headers must be JSON/],
    [headers, { n: Number.POSITIVE_INFINITY }, /^Headers must be JSON/],
    [headers, [undefined], /^Headers must be JSON/],
    [source, { body: 'return 1' }, 'JavaScript must be text'],
    [file, 42, "File must be an uploaded file's id"],
    [file, { name: 'notes.txt' }, "File must be an uploaded file's id"],
  ] as [ConfigField, unknown, string | RegExp][])('refuses %j = %j', (field, value, message) => {
    expect(configFieldIssue(field, value)).toMatch(message);
  });
});

describe('configIssues', () => {
  const definition: NodeDefinition = {
    type: 'test.fields',
    version: 1,
    title: 'Fields',
    category: 'Logic',
    description: '',
    inputs: [],
    outputs: [],
    config: [text, temperature, method],
  };

  it('reports missing and blank required fields, and values that do not fit', () => {
    expect(configIssues(definition, {})).toEqual([{ key: 'url', message: 'URL is required' }]);
    expect(configIssues(definition, { url: '  ', t: null })).toEqual([{ key: 'url', message: 'URL is required' }]);
    expect(configIssues(definition, { url: '', t: 3, method: 'PUT' })).toEqual([
      { key: 'url', message: 'URL is required' },
      { key: 't', message: 'Temperature must be at most 2' },
      { key: 'method', message: 'Method must be one of GET, POST' },
    ]);
  });

  it('ignores keys the definition does not declare', () => {
    expect(configIssues(definition, { url: 'https://example.com', legacy: 1 })).toEqual([]);
  });

  it('checks only filled values for a save, never that required fields are filled', () => {
    expect(configValueIssues(definition, {})).toEqual([]);
    expect(configValueIssues(definition, { url: '  ', t: null })).toEqual([]);
    expect(configValueIssues(definition, { url: 5, t: 3, method: 'PUT' })).toEqual([
      { key: 'url', message: 'URL must be text' },
      { key: 't', message: 'Temperature must be at most 2' },
      { key: 'method', message: 'Method must be one of GET, POST' },
    ]);
  });
});

describe('configWithDefaults', () => {
  const definition = {
    config: [
      { kind: 'text', key: 'model', label: 'Model', default: 'small' },
      { kind: 'number', key: 'n', label: 'N', default: 3 },
      { kind: 'secret', key: 'key', label: 'Key' },
    ],
  } as unknown as NodeDefinition;

  it('fills what the stored config lacks from the definition, and keeps what it has', () => {
    expect(configWithDefaults(definition, { n: 5 })).toEqual({ model: 'small', n: 5 });
    expect(configWithDefaults(definition, { model: '' })).toEqual({ model: '', n: 3 });
  });

  it('takes null, and blank text in a field that cannot hold text, as missing', () => {
    const typed = {
      config: [
        { kind: 'text', key: 'model', label: 'Model', default: 'small' },
        { kind: 'number', key: 'n', label: 'N', default: 3 },
        { kind: 'select', key: 'mode', label: 'Mode', default: 'a', options: [{ value: 'a', label: 'A' }] },
        { kind: 'file', key: 'file', label: 'File' },
        { kind: 'secret', key: 'key', label: 'Key' },
      ],
    } as unknown as NodeDefinition;
    expect(configWithDefaults(typed, { model: null, n: ' ', mode: '', file: '', key: null, other: null })).toEqual({
      model: 'small',
      n: 3,
      mode: 'a',
      other: null,
    });
    expect(configWithDefaults(typed, { model: ' ', n: 1, mode: 'a', key: '' })).toEqual({ model: ' ', n: 1, mode: 'a', key: '' });
  });

  it('gives back the same object when nothing is missing', () => {
    const config = { model: 'big', n: 1 };
    expect(configWithDefaults(definition, config)).toBe(config);
  });
});

describe('requiredWhen', () => {
  const model = { kind: 'text', key: 'model', label: 'Model', requiredWhen: { key: 'provider', notEquals: 'none' } } as const;
  const file = { kind: 'file', key: 'file', label: 'File', requiredWhen: { key: 'source', equals: 'file' } } as const;

  it('requires a field while another holds one value (equals) or any but one (notEquals)', () => {
    expect(fieldIsRequired(file, { source: 'file' })).toBe(true);
    expect(fieldIsRequired(file, { source: 'url' })).toBe(false);
    expect(fieldIsRequired(model, { provider: 'openai' })).toBe(true);
    expect(fieldIsRequired(model, {})).toBe(true);
    expect(fieldIsRequired(model, { provider: 'none' })).toBe(false);
  });
});
