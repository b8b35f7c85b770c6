import type { ConfigOf } from '@weft/core';
import { defineConfig, defineNode } from './define-node.js';
import { runCondition } from './run/condition.js';
import { CONDITION_OPERATOR_LABELS, CONDITION_OPERATORS } from './run/condition-test.js';

/** The settings of Condition; its `run` reads them typed as {@link ConditionConfig}. */
export const conditionConfig = defineConfig([
  {
    kind: 'text',
    key: 'field',
    label: 'Field',
    default: '',
    placeholder: 'status or items.0.name',
    description: 'Dotted path into a JSON input; empty tests the whole input.',
  },
  {
    kind: 'select',
    key: 'operator',
    label: 'Operator',
    default: 'equals',
    options: CONDITION_OPERATORS.map((value) => ({ value, label: CONDITION_OPERATOR_LABELS[value] })),
  },
  { kind: 'text', key: 'value', label: 'Value', default: '', description: 'Compared with the field; takes {{params.key}}. Not used by "is empty" tests.' },
  { kind: 'boolean', key: 'caseSensitive', label: 'Case-sensitive', default: false },
]);

export type ConditionConfig = ConfigOf<typeof conditionConfig>;

/**
 * Routes its input to one of two outputs; the engine skips whatever hangs off the
 * other. Output ids are the literal `true` and `false` the engine's result names.
 */
export const conditionNode = defineNode({
  type: 'logic.condition',
  version: 1,
  title: 'Condition',
  category: 'Logic',
  description: 'Sends its input to the true or the false output, depending on a test.',
  inputs: [{ id: 'input', label: 'Value', type: 'any' }],
  outputs: [
    { id: 'true', label: 'True', type: 'any', description: 'Gets the input when the test passes.' },
    { id: 'false', label: 'False', type: 'any', description: 'Gets the input when the test fails.' },
  ],
  config: conditionConfig,
  run: runCondition,
  docs: `Reads **Field** from the input (a dotted path such as \`order.total\`, or the whole input when empty), compares it with **Value**, and passes the input unchanged to **True** or **False**. Nodes connected only to the other output are *skipped* in that run.

- *equals*, *greater than* and *less than* compare numbers when both sides are numbers (\`42\` equals \`42.0\`), else text; other values compare as their JSON text (\`true\`, \`null\`).
- A text input that holds JSON is read as that JSON when **Field** is set.
- The node logs the value it tested and the outcome.
- *contains* looks for text in text, or for an item in a list.
- *is empty* holds for a missing field, \`null\`, \`""\`, \`[]\` and \`{}\`.`,
});
