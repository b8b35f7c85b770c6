import {
  CONVERTER_INPUT,
  CONVERTER_NODE_TYPE,
  CONVERTER_OUTPUT,
  configFieldIssue,
  DATA_TYPES,
  defaultConfig,
  inputPorts,
  isDataType,
  MERGER_INPUT_PREFIX,
  MERGER_NODE_TYPE,
  MERGER_OUTPUT,
  NODE_CATEGORIES,
  type NodeDefinition,
  portType,
} from '@weft/core';
import { describe, expect, it } from 'vitest';
import { BUILTIN_NODES, BUILTIN_REGISTRY } from './catalogue.js';

const each = BUILTIN_NODES.map((n) => [n.type, n] as const);

function required(type: string): NodeDefinition {
  const node = BUILTIN_REGISTRY.get(type);
  if (!node) throw new Error(`${type} node missing`);
  return node;
}

describe('built-in catalogue', () => {
  it('has one node per type', () => {
    const types = BUILTIN_NODES.map((n) => n.type);
    expect(new Set(types).size).toBe(types.length);
  });

  it('holds the nodes the editor and the run issue need', () => {
    const types = BUILTIN_NODES.map((n) => n.type);
    for (const type of ['input.text', 'output', 'merge', 'convert', 'text.template', 'llm.chat', 'http.request', 'logic.condition', 'code.javascript']) {
      expect(types).toContain(type);
    }
  });

  it('lists nodes by category in library order, inputs first and outputs last', () => {
    const ranks = BUILTIN_NODES.map((n) => NODE_CATEGORIES.indexOf(n.category));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(BUILTIN_NODES[0]?.category).toBe('Inputs');
    expect(BUILTIN_NODES.at(-1)?.category).toBe('Outputs');
  });

  it.each(each)('%s is well-formed: dotted lower-case type, known category, title, description and docs', (type, node) => {
    expect(type).toMatch(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/);
    expect(NODE_CATEGORIES).toContain(node.category);
    expect(Number.isInteger(node.version) && node.version >= 1).toBe(true);
    expect(node.title.trim()).not.toBe('');
    expect(node.description.trim()).not.toBe('');
    expect(node.docs?.trim()).toBeTruthy();
  });

  it.each(each)('%s has unique port ids and known port types', (_type, node) => {
    const ports = [...node.inputs, ...node.outputs];
    const ids = ports.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const port of ports) expect(isDataType(port.type)).toBe(true);
  });

  it.each(each)('%s has unique config keys, non-empty unique select options, and defaults that fit their own fields', (_type, node) => {
    const keys = node.config.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const field of node.config) {
      if (field.kind === 'select') {
        const values = field.options.map((o) => o.value);
        expect(values.length).toBeGreaterThan(0);
        expect(new Set(values).size).toBe(values.length);
      }
      if ('default' in field && field.default !== undefined) expect(configFieldIssue(field, field.default), `${field.key} default`).toBeUndefined();
    }
  });

  it.each(each)('%s takes port types from select fields that offer only data types', (_type, node) => {
    for (const port of [...node.inputs, ...node.outputs]) {
      if (!port.typeFrom) continue;
      const field = node.config.find((f) => f.key === port.typeFrom);
      expect(field?.kind, `${port.id}.typeFrom`).toBe('select');
      if (field?.kind === 'select') for (const option of field.options) expect(isDataType(option.value)).toBe(true);
      // A fresh node and a node whose config lost the key show the same type.
      if (field && 'default' in field && field.default !== undefined) expect(portType(port, defaultConfig(node))).toBe(port.type);
    }
  });

  it.each(each)('%s declares the inputs its default config produces', (_type, node) => {
    expect(inputPorts(node, defaultConfig(node)).map((p) => p.id)).toEqual(node.inputs.map((p) => p.id));
  });

  it('gives a merger as many inputs as its inputCount', () => {
    expect(inputPorts(required('merge'), { inputCount: 4 }).map((p) => p.id)).toEqual(['input-0', 'input-1', 'input-2', 'input-3']);
  });
});

describe('converter and merger agree with the names packages/core inserts', () => {
  it('converter: type, handles and the source/target type fields', () => {
    const converter = required(CONVERTER_NODE_TYPE);
    expect(converter.inputs).toEqual([expect.objectContaining({ id: CONVERTER_INPUT, type: 'any', typeFrom: 'sourceType' })]);
    expect(converter.outputs).toEqual([expect.objectContaining({ id: CONVERTER_OUTPUT, type: 'any', typeFrom: 'targetType' })]);
    for (const key of ['sourceType', 'targetType']) {
      const field = converter.config.find((f) => f.key === key);
      expect(field?.kind === 'select' && field.options.map((o) => o.value)).toEqual(DATA_TYPES.filter((t) => t !== 'any'));
    }
    expect(converter.hidden).toBe(true);
  });

  it('merger: type, handles, dataType field, and a count field matching its variable inputs', () => {
    const merger = required(MERGER_NODE_TYPE);
    expect(merger.inputs.map((p) => p.id)).toEqual([`${MERGER_INPUT_PREFIX}0`, `${MERGER_INPUT_PREFIX}1`]);
    for (const port of [...merger.inputs, ...merger.outputs]) expect(port.typeFrom).toBe('dataType');
    expect(merger.outputs.map((p) => p.id)).toEqual([MERGER_OUTPUT]);
    expect(merger.variableInputs?.idPrefix).toBe(MERGER_INPUT_PREFIX);

    const dataType = merger.config.find((f) => f.key === 'dataType');
    expect(dataType?.kind === 'select' && dataType.options.map((o) => o.value)).toEqual([...DATA_TYPES]);
    const strategy = merger.config.find((f) => f.key === 'mergeStrategy');
    expect(strategy?.kind === 'select' && strategy.options.map((o) => o.value)).toContain('concat');
    const count = merger.config.find((f) => f.key === merger.variableInputs?.countKey);
    expect(count).toMatchObject({ kind: 'number', key: 'inputCount', min: merger.variableInputs?.min, max: merger.variableInputs?.max });
  });
});

describe('preview nodes', () => {
  it('are gone: every built-in runs', () => {
    expect(BUILTIN_NODES.filter((n) => n.preview).map((n) => n.type)).toEqual([]);
    for (const node of BUILTIN_NODES) expect(node.run, node.type).toBeTypeOf('function');
  });
});
