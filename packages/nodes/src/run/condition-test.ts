/**
 * The Condition node's comparisons, pure so they can be tested one by one. Values from a
 * JSON input can be anything; the configured value is always text, so comparisons go
 * through text except where numbers on both sides make numbers the natural reading.
 */

/** Operator ids as stored in config, with the words the editor and the logs use. */
export const CONDITION_OPERATOR_LABELS = {
  equals: 'equals',
  notEquals: 'does not equal',
  contains: 'contains',
  notContains: 'does not contain',
  startsWith: 'starts with',
  endsWith: 'ends with',
  greaterThan: 'is greater than',
  lessThan: 'is less than',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
} as const;
export const CONDITION_OPERATORS = Object.keys(CONDITION_OPERATOR_LABELS) as (keyof typeof CONDITION_OPERATOR_LABELS)[];
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export interface ConditionTest {
  readonly operator: ConditionOperator;
  /** The configured value (text). */
  readonly value: string;
  readonly caseSensitive: boolean;
}

/** Whether `actual` (the field read from the input; undefined when missing) passes the test. */
export function passesTest(actual: unknown, test: ConditionTest): boolean {
  const fold = (text: string) => (test.caseSensitive ? text : text.toLowerCase());
  const expected = fold(test.value);
  switch (test.operator) {
    case 'isEmpty':
      return isEmpty(actual);
    case 'isNotEmpty':
      return !isEmpty(actual);
    case 'equals':
      return equals(actual, test.value, fold);
    case 'notEquals':
      return !equals(actual, test.value, fold);
    case 'contains':
      return contains(actual, test.value, fold);
    case 'notContains':
      return !contains(actual, test.value, fold);
    case 'startsWith':
      return fold(asText(actual)).startsWith(expected);
    case 'endsWith':
      return fold(asText(actual)).endsWith(expected);
    case 'greaterThan':
    case 'lessThan': {
      const order = compare(actual, test.value, fold);
      if (order === undefined) return false;
      return test.operator === 'greaterThan' ? order > 0 : order < 0;
    }
  }
}

/** Missing, `null`, `""`, `[]` and `{}` are empty. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** How a value reads as text for comparing: strings as they are, the rest as JSON (`true`, `42`, `{"a":1}`); missing is "". */
export function asText(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function equals(actual: unknown, expected: string, fold: (text: string) => string): boolean {
  const a = asNumber(actual);
  const b = asNumber(expected);
  // "1.0" equals 1; but a missing field never equals "" by accident of text.
  if (a !== undefined && b !== undefined) return a === b;
  if (actual === undefined) return false;
  return fold(asText(actual)) === fold(expected);
}

function contains(actual: unknown, expected: string, fold: (text: string) => string): boolean {
  if (Array.isArray(actual)) return actual.some((item) => equals(item, expected, fold));
  if (actual === undefined) return false;
  return fold(asText(actual)).includes(fold(expected));
}

/** Numbers when both sides are numbers, else text order; undefined when the field is missing. */
function compare(actual: unknown, expected: string, fold: (text: string) => string): number | undefined {
  if (actual === undefined || actual === null) return undefined;
  const a = asNumber(actual);
  const b = asNumber(expected);
  if (a !== undefined && b !== undefined) return a - b;
  const left = fold(asText(actual));
  const right = fold(expected);
  return left < right ? -1 : left > right ? 1 : 0;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}
