import { lookupPath } from '@weft/core';
import type { ConditionConfig } from '../condition.node.js';
import type { NodeRunArgs } from '../node-services.js';
import { asText, CONDITION_OPERATOR_LABELS, passesTest } from './condition-test.js';

/**
 * Tests a field of the input and passes the input, unchanged, to `true` or `false` only:
 * the output left out is the branch not taken, which the engine skips.
 */
export function runCondition({ inputs, config, ctx }: NodeRunArgs<ConditionConfig>) {
  const { operator, value, caseSensitive } = config;
  const field = config.field.trim();
  const input = inputs.input;
  const actual = field === '' ? input : readField(input, field);
  const passed = passesTest(actual, { operator, value, caseSensitive });
  const subject = field === '' ? 'input' : `field "${field}"`;
  const seen = actual === undefined ? 'missing' : clip(asText(actual), 80);
  const test = operator === 'isEmpty' || operator === 'isNotEmpty' ? '' : ` "${value}"`;
  ctx.log(`${subject} (${seen}) ${CONDITION_OPERATOR_LABELS[operator]}${test} → ${passed}`);
  return { outputs: passed ? { true: input } : { false: input } };
}

/** A dotted path into the input; text holding JSON (a Text Input, an HTTP text answer) is read as that JSON. */
function readField(input: unknown, field: string): unknown {
  let root = input;
  if (typeof input === 'string') {
    try {
      root = JSON.parse(input);
    } catch {
      return undefined;
    }
  }
  return lookupPath(root, field);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
