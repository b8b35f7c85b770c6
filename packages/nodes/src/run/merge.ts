import { MERGER_INPUT_PREFIX, MERGER_OUTPUT, mergeValues } from '@weft/core';
import type { MergerConfig } from '../merger.node.js';
import type { NodeRunArgs } from '../node-services.js';

/**
 * Merges `input-0 … input-(n-1)` in order. Inputs from branches not taken are absent and
 * left out (the engine runs a merger as soon as every edge has delivered or been skipped,
 * with at least one value; see `isOptionalInput`).
 */
export function runMerge({ inputs, config }: NodeRunArgs<MergerConfig>) {
  // Concatenating is the one strategy (`mergeStrategy` has one option); the count is whole and at least 2 (its field's step and min).
  const { dataType, inputCount: count } = config;
  const values = Array.from({ length: count }, (_, index) => inputs[`${MERGER_INPUT_PREFIX}${index}`]);
  return { outputs: { [MERGER_OUTPUT]: mergeValues(dataType, values) } };
}
