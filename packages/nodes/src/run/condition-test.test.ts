import { describe, expect, it } from 'vitest';
import { type ConditionOperator, isEmpty, passesTest } from './condition-test.js';

const test = (actual: unknown, operator: ConditionOperator, value = '', caseSensitive = false) => passesTest(actual, { operator, value, caseSensitive });

describe('condition tests', () => {
  it('equals compares numbers as numbers and everything else as text', () => {
    expect(test(42, 'equals', '42.0')).toBe(true);
    expect(test('42', 'equals', '42')).toBe(true);
    expect(test('paid', 'equals', 'PAID')).toBe(true);
    expect(test('paid', 'equals', 'PAID', true)).toBe(false);
    expect(test(true, 'equals', 'true')).toBe(true);
    expect(test(null, 'equals', 'null')).toBe(true);
    expect(test({ a: 1 }, 'equals', '{"a":1}')).toBe(true);
    expect(test(undefined, 'equals', '')).toBe(false);
    expect(test('', 'equals', '')).toBe(true);
    expect(test('yes', 'notEquals', 'no')).toBe(true);
  });

  it('contains looks for text in text and for an item in a list', () => {
    expect(test('Invoice overdue', 'contains', 'OVERDUE')).toBe(true);
    expect(test(['red', 'green'], 'contains', 'green')).toBe(true);
    expect(test(['red', 'greenish'], 'contains', 'green')).toBe(false);
    expect(test([1, 2], 'contains', '2')).toBe(true);
    expect(test(undefined, 'contains', '')).toBe(false);
    expect(test('abc', 'notContains', 'z')).toBe(true);
  });

  it('startsWith and endsWith', () => {
    expect(test('https://x', 'startsWith', 'HTTPS')).toBe(true);
    expect(test('https://x', 'startsWith', 'HTTPS', true)).toBe(false);
    expect(test('report.pdf', 'endsWith', '.pdf')).toBe(true);
  });

  it('greaterThan and lessThan: numbers when both are numbers, else text order; never for a missing field', () => {
    expect(test(10, 'greaterThan', '9')).toBe(true);
    expect(test('10', 'greaterThan', '9')).toBe(true);
    expect(test('b', 'greaterThan', 'a')).toBe(true);
    expect(test('10', 'lessThan', 'abc')).toBe(true);
    expect(test(3, 'lessThan', '3')).toBe(false);
    expect(test(undefined, 'lessThan', '3')).toBe(false);
    expect(test(null, 'greaterThan', '-1')).toBe(false);
  });

  it('is empty: missing, null, "", [] and {}', () => {
    for (const value of [undefined, null, '', [], {}]) expect(isEmpty(value)).toBe(true);
    for (const value of [0, false, ' ', [0], { a: null }]) expect(isEmpty(value)).toBe(false);
    expect(test('x', 'isNotEmpty')).toBe(true);
  });
});
