import type { ConfigOf } from '@weft/core';
import { DATA_TYPES, MERGER_INPUT_PREFIX, MERGER_NODE_TYPE, MERGER_OUTPUT } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { runMerge } from './run/merge.js';

/** Inputs are named `input-0 … input-(n-1)`, the output `output` (SPEC.md section 3). */
export const MERGER_DEFAULT_INPUTS = 2;
export const MERGER_MAX_INPUTS = 16;

/** The settings of Merger; its `run` reads them typed as {@link MergerConfig}. */
export const mergerConfig = defineConfig([
  { kind: 'select', key: 'dataType', label: 'Data type', options: DATA_TYPES.map((t) => ({ value: t, label: t })), default: 'any' },
  { kind: 'select', key: 'mergeStrategy', label: 'Strategy', options: choices({ concat: 'Concatenate' }), default: 'concat' },
  { kind: 'number', key: 'inputCount', label: 'Inputs', min: 2, max: MERGER_MAX_INPUTS, step: 1, default: MERGER_DEFAULT_INPUTS },
]);

export type MergerConfig = ConfigOf<typeof mergerConfig>;

export const mergerNode = defineNode({
  type: MERGER_NODE_TYPE,
  version: 1,
  title: 'Merger',
  category: 'Logic',
  description: 'Combines several inputs of one data type into one output.',
  inputs: [
    { id: 'input-0', label: 'Input 1', type: 'any', typeFrom: 'dataType' },
    { id: 'input-1', label: 'Input 2', type: 'any', typeFrom: 'dataType' },
  ],
  outputs: [{ id: MERGER_OUTPUT, label: 'Merged', type: 'any', typeFrom: 'dataType' }],
  config: mergerConfig,
  variableInputs: { countKey: 'inputCount', idPrefix: MERGER_INPUT_PREFIX, labelPrefix: 'Input ', min: 2, max: MERGER_MAX_INPUTS },
  run: runMerge,
  docs: 'Inserted automatically when you connect a second source to an input that is already connected. Lists are concatenated in input order; text is joined with blank lines; context passages and their sources are joined. An input whose branch was not taken (after a Condition) is left out; the merger is skipped only when none arrives.',
});
