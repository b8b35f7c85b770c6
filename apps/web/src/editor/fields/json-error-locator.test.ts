import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateJsonError } from './json-error-locator';

function accepts(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('locateJsonError', () => {
  it.each([
    ['{"a": oops}', 1, 7, 'expected a value'],
    ['{\n  "a": 1,\n}', 3, 1, 'remove the comma before “}”'],
    ["{'a': 1}", 1, 2, 'expected a property name in double quotes'],
    ['{"a" 1}', 1, 6, 'expected “:” after the property name'],
    ['[1, 2', 1, 6, 'the text ends too early'],
    ['[1 2]', 1, 4, 'expected “,” or “]”'],
    ['{"a": 1} x', 1, 10, 'unexpected text after the end of the JSON value'],
    ['"abc', 1, 5, 'the text ends too early'],
    ["['x']", 1, 2, 'strings need double quotes'],
  ])('%j fails at line %i column %i: %s', (text, line, column, message) => {
    expect(locateJsonError(text)).toEqual({ line, column, message: expect.stringContaining(message) });
  });

  it('finds nothing wrong in any valid JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        expect(locateJsonError(JSON.stringify(value, null, indent))).toBeNull();
      }),
    );
  });

  it('agrees with JSON.parse on damaged JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', 'x', ' '), (value, at, insert) => {
        const text = JSON.stringify(value);
        const i = at % (text.length + 1);
        const damaged = text.slice(0, i) + insert + text.slice(i + (insert === '' ? 1 : 0));
        expect(locateJsonError(damaged) === null).toBe(accepts(damaged));
      }),
      { numRuns: 500 },
    );
  });
});
