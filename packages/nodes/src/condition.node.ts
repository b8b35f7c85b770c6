import { defineNode } from './define-node.js';

const operators = [
  ['equals', 'equals'],
  ['notEquals', 'does not equal'],
  ['contains', 'contains'],
  ['notContains', 'does not contain'],
  ['startsWith', 'starts with'],
  ['endsWith', 'ends with'],
  ['greaterThan', 'is greater than'],
  ['lessThan', 'is less than'],
  ['isEmpty', 'is empty'],
  ['isNotEmpty', 'is not empty'],
] as const;

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
  config: [
    {
      kind: 'text',
      key: 'field',
      label: 'Field',
      default: '',
      placeholder: 'status or items.0.name',
      description: 'Dotted path into a JSON input; empty tests the whole input.',
    },
    { kind: 'select', key: 'operator', label: 'Operator', default: 'equals', options: operators.map(([value, label]) => ({ value, label })) },
    { kind: 'text', key: 'value', label: 'Value', default: '', description: 'Compared with the field; takes {{params.key}}. Not used by "is empty" tests.' },
    { kind: 'boolean', key: 'caseSensitive', label: 'Case-sensitive', default: false },
  ],
  preview: true,
  docs: `Reads **Field** from the input (a dotted path such as \`order.total\`, or the whole input when empty), compares it with **Value**, and passes the input unchanged to **True** or **False**. Nodes connected only to the other output are *skipped* in that run.

- *greater than* and *less than* compare numbers when both sides are numbers, else text.
- *contains* looks for text in text, or for an item in a list.
- *is empty* holds for a missing field, \`null\`, \`""\`, \`[]\` and \`{}\`.`,
});
