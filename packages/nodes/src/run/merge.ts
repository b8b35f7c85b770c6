import { isDataType, MERGER_INPUT_PREFIX, MERGER_OUTPUT, mergeValues } from '@weft/core';
import type { NodeRunArgs } from '../node-services.js';
import { ConfigReader } from './config-reader.js';

/**
 * Merges `input-0 … input-(n-1)` in order. Inputs from branches not taken are absent and
 * left out (the engine runs a merger as soon as every edge has delivered or been skipped,
 * with at least one value; see `isOptionalInput`).
 */
export function runMerge({ inputs, config }: NodeRunArgs) {
  const read = new ConfigReader(config);
  read.choice('mergeStrategy', 'Strategy', ['concat'], 'concat');
  const dataType = config.dataType ?? 'any';
  if (!isDataType(dataType)) throw new Error(`Data type "${String(dataType)}" is not a data type the merger knows`);
  const count = Math.max(2, Math.trunc(read.number('inputCount', 2)));
  const values = Array.from({ length: count }, (_, index) => inputs[`${MERGER_INPUT_PREFIX}${index}`]);
  return { outputs: { [MERGER_OUTPUT]: mergeValues(dataType, values) } };
}
