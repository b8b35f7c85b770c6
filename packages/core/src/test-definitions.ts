import { CONVERTER_INPUT, CONVERTER_NODE_TYPE, CONVERTER_OUTPUT, MERGER_INPUT_PREFIX, MERGER_NODE_TYPE, MERGER_OUTPUT } from './built-in-types.js';
import { DATA_TYPES, type DataType } from './data-types.js';
import type { NodeDefinition } from './node-definition.js';
import type { WorkflowNode } from './workflow.js';

/**
 * Definitions for core's own tests: a source and a sink of every data type, and the
 * converter and merger shaped as `@weft/nodes` ships them (its catalogue test checks that).
 */
const base = { version: 1, description: '', config: [] } as const;

export const sourceType = (t: DataType) => `test.source.${t}`;
export const sinkType = (t: DataType) => `test.sink.${t}`;

/** The merger as `@weft/nodes` ships it (2 to 16 inputs of one type); tests that need other bounds spread it. */
export const TEST_MERGER: NodeDefinition = {
  ...base,
  type: MERGER_NODE_TYPE,
  title: 'Merger',
  category: 'Logic',
  inputs: [
    { id: `${MERGER_INPUT_PREFIX}0`, label: 'Input 1', type: 'any', typeFrom: 'dataType' },
    { id: `${MERGER_INPUT_PREFIX}1`, label: 'Input 2', type: 'any', typeFrom: 'dataType' },
  ],
  outputs: [{ id: MERGER_OUTPUT, label: 'Merged', type: 'any', typeFrom: 'dataType' }],
  variableInputs: { countKey: 'inputCount', idPrefix: MERGER_INPUT_PREFIX, labelPrefix: 'Input ', min: 2, max: 16 },
};

/** A node that hands its input on unchanged, of one type in and out. */
function passThrough(t: 'text' | 'any', title: string): NodeDefinition {
  const port = { label: t, type: t };
  return { ...base, type: `test.pass.${t}`, title, category: 'Logic', inputs: [{ id: 'in', ...port }], outputs: [{ id: 'out', ...port }] };
}

export const TEST_DEFINITIONS: readonly NodeDefinition[] = [
  ...DATA_TYPES.map(
    (t): NodeDefinition => ({
      ...base,
      type: sourceType(t),
      title: `${t} source`,
      category: 'Inputs',
      inputs: [],
      outputs: [{ id: 'out', label: t, type: t }],
    }),
  ),
  ...DATA_TYPES.map(
    (t): NodeDefinition => ({ ...base, type: sinkType(t), title: `${t} sink`, category: 'Outputs', inputs: [{ id: 'in', label: t, type: t }], outputs: [] }),
  ),
  passThrough('text', 'Text pass-through'),
  passThrough('any', 'Any pass-through'),
  {
    ...base,
    type: CONVERTER_NODE_TYPE,
    title: 'Type Converter',
    category: 'Converters',
    inputs: [{ id: CONVERTER_INPUT, label: 'Input', type: 'any', typeFrom: 'sourceType' }],
    outputs: [{ id: CONVERTER_OUTPUT, label: 'Output', type: 'any', typeFrom: 'targetType' }],
  },
  TEST_MERGER,
];

export function testNode(id: string, type: string, x = 0, y = 0): WorkflowNode {
  return { id, type: 'custom', position: { x, y }, data: { label: id, type, config: {}, status: 'idle' } };
}

export function sequentialIds(prefix = 'id'): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}
