import { CONVERTER_NODE_TYPE, type DataType, MERGER_NODE_TYPE, type NodeDefinition } from '@weft/core';

/**
 * Definitions for the store's unit tests, shaped like the catalogue the API serves:
 * the converter and merger as `@weft/nodes` ships them, and a source and a sink per type.
 */
const base = { version: 1, description: '', config: [] } as const;

const source = (type: DataType, title: string): NodeDefinition => ({
  ...base,
  type: `test.source.${type}`,
  title,
  category: 'Inputs',
  inputs: [],
  outputs: [{ id: 'out', label: type, type }],
});

const sink = (type: DataType, title: string): NodeDefinition => ({
  ...base,
  type: `test.sink.${type}`,
  title,
  category: 'Outputs',
  inputs: [{ id: 'in', label: type, type }],
  outputs: [],
});

export const TEST_DEFINITIONS: readonly NodeDefinition[] = [
  {
    ...base,
    type: 'input.text',
    title: 'Text Input',
    category: 'Inputs',
    inputs: [],
    outputs: [{ id: 'output', label: 'Text', type: 'text' }],
    config: [
      { kind: 'text', key: 'text', label: 'Text', default: '' },
      { kind: 'boolean', key: 'askOnRun', label: 'Ask', default: false },
    ],
  },
  source('documents', 'Load Documents'),
  source('json', 'JSON Source'),
  source('query', 'Query Source'),
  sink('text', 'Text Sink'),
  sink('query', 'Query Sink'),
  sink('documents', 'Documents Sink'),
  {
    ...base,
    type: CONVERTER_NODE_TYPE,
    title: 'Type Converter',
    category: 'Converters',
    inputs: [{ id: 'input', label: 'Input', type: 'any', typeFrom: 'sourceType' }],
    outputs: [{ id: 'output', label: 'Output', type: 'any', typeFrom: 'targetType' }],
    hidden: true,
  },
  {
    ...base,
    type: MERGER_NODE_TYPE,
    title: 'Merger',
    category: 'Logic',
    inputs: [
      { id: 'input-0', label: 'Input 1', type: 'any', typeFrom: 'dataType' },
      { id: 'input-1', label: 'Input 2', type: 'any', typeFrom: 'dataType' },
    ],
    outputs: [{ id: 'output', label: 'Merged', type: 'any', typeFrom: 'dataType' }],
    config: [
      { kind: 'select', key: 'dataType', label: 'Data type', options: [{ value: 'any', label: 'any' }], default: 'any' },
      { kind: 'number', key: 'inputCount', label: 'Inputs', default: 2 },
    ],
    variableInputs: { countKey: 'inputCount', idPrefix: 'input-', labelPrefix: 'Input ', min: 2, max: 16 },
  },
];

/** The test definition of `type`; throws when there is none, so a mistyped type fails the test. */
export function testDefinition(type: string): NodeDefinition {
  const found = TEST_DEFINITIONS.find((d) => d.type === type);
  if (!found) throw new Error(`No test definition of type ${type}`);
  return found;
}
