import { type ConfigField, fieldIsRequired, isBlankConfigValue, type NodeDefinition } from '@weft/core';

/** Whether a config value counts as "filled in" for a required field: core's rule, which the server's run check uses too. */
export const isEmptyValue = isBlankConfigValue;

/**
 * The message a required field shows while empty, or `null`. `config` is the node's whole
 * config, for fields required only while another holds a value (`requiredWhen`).
 */
export function requiredProblem(field: ConfigField, value: unknown, config: Readonly<Record<string, unknown>> = {}): string | null {
  if (!fieldIsRequired(field, config) || !isEmptyValue(value)) return null;
  switch (field.kind) {
    case 'secret':
      return 'Choose a secret.';
    case 'file':
      return 'Choose a file.';
    case 'select':
      return 'Choose an option.';
    default:
      return `${field.label} is required.`;
  }
}

/**
 * Keys of required fields that are still empty: the canvas can mark such nodes and the
 * run button can refuse to start, with the same rule as the form.
 */
export function missingRequiredFields(definition: NodeDefinition, config: Readonly<Record<string, unknown>>): string[] {
  return definition.config.filter((field) => requiredProblem(field, config[field.key], config) !== null).map((field) => field.key);
}
