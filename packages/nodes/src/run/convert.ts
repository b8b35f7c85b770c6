import { CONVERTER_INPUT, CONVERTER_OUTPUT, convertValue, isDataType } from '@weft/core';
import type { NodeRunArgs } from '../node-services.js';

/** Converts the input between the two port types its config names (SPEC.md section 5). */
export function runConvert({ inputs, config }: NodeRunArgs) {
  const { sourceType, targetType } = config;
  if (!isDataType(sourceType) || !isDataType(targetType)) {
    throw new Error(`The converter needs a data type in From and To (it has ${String(sourceType ?? 'none')} → ${String(targetType ?? 'none')})`);
  }
  const value = inputs[CONVERTER_INPUT];
  // A converter whose ends now have the same type (the user changed one) passes the value on.
  const output = sourceType === targetType ? value : convertValue(sourceType, targetType, value);
  return { outputs: { [CONVERTER_OUTPUT]: output } };
}
