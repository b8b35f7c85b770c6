import { CONVERTER_INPUT, CONVERTER_OUTPUT, convertValue, isDataType } from '@weft/core';
import type { NodeRunArgs } from '../node-services.js';
import { readDocuments } from './read-documents.js';
import { SPLIT_DEFAULTS } from './text-splitter.js';

/**
 * Converts the input between the two port types its config names (SPEC.md section 5).
 * Split Documents goes through the host's splitter with the Text Splitter's defaults, so
 * the converter and the node give the same chunks; the other conversions are core's pure
 * functions (core's own documents → chunks, one chunk per document, stays for callers
 * without services).
 */
export async function runConvert({ inputs, config, ctx }: NodeRunArgs) {
  const { sourceType, targetType } = config;
  if (!isDataType(sourceType) || !isDataType(targetType)) {
    throw new Error(`The converter needs a data type in From and To (it has ${String(sourceType ?? 'none')} → ${String(targetType ?? 'none')})`);
  }
  const value = inputs[CONVERTER_INPUT];
  if (sourceType === 'documents' && targetType === 'chunks') {
    const chunks = await ctx.services.documents.split(readDocuments(value), { ...SPLIT_DEFAULTS, signal: ctx.signal });
    return { outputs: { [CONVERTER_OUTPUT]: chunks } };
  }
  // A converter whose ends now have the same type (the user changed one) passes the value on.
  const output = sourceType === targetType ? value : convertValue(sourceType, targetType, value);
  return { outputs: { [CONVERTER_OUTPUT]: output } };
}
