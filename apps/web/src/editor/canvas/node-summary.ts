import { CONVERTER_NODE_TYPE, MERGER_NODE_TYPE, type NodeDefinition } from '@weft/core';

const MAX = 90;

/**
 * One line under a node's title that says what this instance does, as n8n's subtitles
 * do: the conversion of a converter, the inputs of a merger, else the first filled-in
 * text or prompt. Secrets are never shown.
 */
export function nodeSummary(definition: NodeDefinition, config: Readonly<Record<string, unknown>>): string | null {
  if (definition.type === CONVERTER_NODE_TYPE) {
    const { sourceType, targetType } = config;
    return typeof sourceType === 'string' && typeof targetType === 'string' ? `${sourceType} → ${targetType}` : null;
  }
  if (definition.type === MERGER_NODE_TYPE) {
    const count = typeof config.inputCount === 'number' ? config.inputCount : definition.inputs.length;
    const type = typeof config.dataType === 'string' ? config.dataType : 'any';
    return `${count} ${type} inputs, concatenated`;
  }
  for (const field of definition.config) {
    if (field.kind !== 'text' && field.kind !== 'prompt') continue;
    const value = config[field.key];
    if (typeof value !== 'string') continue;
    const line = value.replace(/\s+/g, ' ').trim();
    if (line) return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
  }
  return null;
}
