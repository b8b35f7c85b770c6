import type { NodeDefinition } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { missingRequiredFields, requiredProblem } from './field-validation';
import { formatJsonValue, parseJsonField } from './json-field';
import { parseNumberField } from './number-field';
import { looksLikeRawSecret, secretNameProblem } from './secret-reference';

describe('parseJsonField', () => {
  it('parses objects, arrays and scalars', () => {
    expect(parseJsonField('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseJsonField('[]')).toEqual({ ok: true, value: [] });
    expect(parseJsonField('3')).toEqual({ ok: true, value: 3 });
    expect(parseJsonField('null')).toEqual({ ok: true, value: null });
  });

  it('treats blank text as no value', () => {
    expect(parseJsonField('  \n ')).toEqual({ ok: true, value: undefined });
  });

  it('says where broken JSON breaks', () => {
    const result = parseJsonField('{\n  "a": 1,\n  "b": oops\n}');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^Invalid JSON at line 3, column 8/);
  });

  it('reports an unfinished document', () => {
    const result = parseJsonField('{"a": ');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^Invalid JSON/);
  });

  it('formats stored values for editing and round-trips them', () => {
    const value = { list: [1, { x: 'y' }] };
    expect(parseJsonField(formatJsonValue(value))).toEqual({ ok: true, value });
    expect(formatJsonValue(undefined)).toBe('');
  });
});

describe('parseNumberField', () => {
  it('parses numbers and empty text', () => {
    expect(parseNumberField('0.5', {})).toEqual({ ok: true, value: 0.5 });
    expect(parseNumberField(' ', {})).toEqual({ ok: true, value: undefined });
    expect(parseNumberField('', { required: true })).toEqual({ ok: false, error: 'Enter a number.' });
    expect(parseNumberField('abc', {})).toMatchObject({ ok: false });
  });

  it('enforces the bounds with a message naming them', () => {
    expect(parseNumberField('1', { min: 2, max: 16 })).toEqual({ ok: false, error: 'Enter a number from 2 to 16.' });
    expect(parseNumberField('17', { min: 2, max: 16 })).toMatchObject({ ok: false });
    expect(parseNumberField('-1', { min: 0 })).toEqual({ ok: false, error: 'Enter 0 or more.' });
    expect(parseNumberField('5', { max: 4 })).toEqual({ ok: false, error: 'Enter 4 or less.' });
    expect(parseNumberField('16', { min: 2, max: 16 })).toEqual({ ok: true, value: 16 });
  });

  it('enforces whole-number steps only', () => {
    expect(parseNumberField('2.5', { step: 1 })).toEqual({ ok: false, error: 'Enter a whole number.' });
    expect(parseNumberField('0.7', { step: 0.1 })).toEqual({ ok: true, value: 0.7 });
    expect(parseNumberField('15', { step: 10, min: 5 })).toEqual({ ok: true, value: 15 });
  });
});

describe('secret field words', () => {
  it('validates names', () => {
    expect(secretNameProblem('')).toBeNull();
    expect(secretNameProblem('SLACK_TOKEN')).toBeNull();
    expect(secretNameProblem('1KEY')).toMatch(/letters, digits and _/);
    expect(secretNameProblem('my key')).not.toBeNull();
  });

  it('spots a pasted raw value', () => {
    expect(looksLikeRawSecret('sk-abc123')).toBe(true);
    expect(looksLikeRawSecret('{{secrets.KEY}}')).toBe(false);
    expect(looksLikeRawSecret('')).toBe(false);
  });
});

describe('required fields', () => {
  const definition: NodeDefinition = {
    type: 'llm.chat',
    version: 1,
    title: 'Chat',
    category: 'AI',
    description: '',
    inputs: [],
    outputs: [],
    config: [
      { kind: 'prompt', key: 'prompt', label: 'Prompt', required: true },
      { kind: 'secret', key: 'apiKey', label: 'API key', required: true },
      { kind: 'boolean', key: 'stream', label: 'Stream', required: true },
      { kind: 'number', key: 'temperature', label: 'Temperature' },
    ],
  };

  it('lists empty required fields; false and 0 count as answers', () => {
    expect(missingRequiredFields(definition, { prompt: '   ', stream: false })).toEqual(['prompt', 'apiKey']);
    expect(missingRequiredFields(definition, { prompt: 'Hi', apiKey: '{{secrets.K}}', stream: false })).toEqual([]);
  });

  it('words the message by kind', () => {
    const [prompt, secret] = definition.config;
    if (!prompt || !secret) throw new Error('fixture');
    expect(requiredProblem(prompt, '')).toBe('Prompt is required.');
    expect(requiredProblem(secret, undefined)).toBe('Choose a secret.');
    expect(requiredProblem(prompt, 'x')).toBeNull();
  });
});
