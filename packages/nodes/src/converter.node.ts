import type { ConfigOf } from '@weft/core';
import { CONVERSIONS, CONVERTER_INPUT, CONVERTER_NODE_TYPE, CONVERTER_OUTPUT, DATA_TYPES } from '@weft/core';
import { defineConfig, defineNode } from './define-node.js';
import { runConvert } from './run/convert.js';

const typeOptions = DATA_TYPES.filter((t) => t !== 'any').map((t) => ({ value: t, label: t }));

/** The settings of Type Converter; its `run` reads them typed as {@link ConverterConfig}. */
export const converterConfig = defineConfig([
  { kind: 'select', key: 'sourceType', label: 'From', options: typeOptions, required: true },
  { kind: 'select', key: 'targetType', label: 'To', options: typeOptions, required: true },
]);

export type ConverterConfig = ConfigOf<typeof converterConfig>;

/**
 * One node type performs every conversion of the table; its config names the pair.
 * The editor inserts it automatically when two different convertible types meet.
 */
export const converterNode = defineNode({
  type: CONVERTER_NODE_TYPE,
  version: 1,
  title: 'Type Converter',
  category: 'Converters',
  description: 'Converts data between port types (inserted automatically when you connect them).',
  inputs: [{ id: CONVERTER_INPUT, label: 'Input', type: 'any', typeFrom: 'sourceType' }],
  outputs: [{ id: CONVERTER_OUTPUT, label: 'Output', type: 'any', typeFrom: 'targetType' }],
  config: converterConfig,
  hidden: true,
  run: runConvert,
  docs: `Conversions:\n\n${CONVERSIONS.map((c) => `- **${c.label}**: ${c.from} → ${c.to}`).join('\n')}`,
});
