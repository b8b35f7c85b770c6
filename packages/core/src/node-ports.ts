import { type DataType, isDataType } from './data-types.js';
import type { NodeDefinition, PortDefinition } from './node-definition.js';

/**
 * The input ports a node has with the given config: the definition's own inputs, or,
 * for a definition with `variableInputs`, as many as its count field says (clamped to
 * the declared range; the default set when the field is missing or not a whole number).
 */
export function inputPorts(definition: NodeDefinition, config: Readonly<Record<string, unknown>>): readonly PortDefinition[] {
  const variable = definition.variableInputs;
  if (!variable) return definition.inputs;
  const raw = config[variable.countKey];
  const count = typeof raw === 'number' && Number.isInteger(raw) ? Math.min(variable.max, Math.max(variable.min, raw)) : definition.inputs.length;
  // Every generated port is typed like the first declared one (the merger's `dataType`).
  const first = definition.inputs[0];
  return Array.from({ length: count }, (_, index) => ({
    id: `${variable.idPrefix}${index}`,
    label: `${variable.labelPrefix}${index + 1}`,
    type: first?.type ?? 'any',
    ...(first?.typeFrom ? { typeFrom: first.typeFrom } : {}),
  }));
}

/** The output ports a node has; outputs do not vary with config yet. */
export function outputPorts(definition: NodeDefinition): readonly PortDefinition[] {
  return definition.outputs;
}

/** A port's data type for one node instance: from its `typeFrom` config key, else declared. */
export function portType(port: PortDefinition, config: Readonly<Record<string, unknown>>): DataType {
  if (port.typeFrom) {
    const configured = config[port.typeFrom];
    if (isDataType(configured)) return configured;
  }
  return port.type;
}
