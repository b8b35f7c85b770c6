import { describe, expect, it } from 'vitest';
import { CONVERSIONS, DATA_TYPES, type DataType, findConversion, typesCompatible, typesMatch, VALUE_TYPES } from './data-types.js';

// SPEC.md section 5, row by row, plus DESIGN.md's json→text.
const SPEC_CONVERSIONS: [DataType, DataType, string][] = [
  ['documents', 'text', 'Extract Text'],
  ['documents', 'chunks', 'Split Documents'],
  ['chunks', 'text', 'Concatenate Chunks'],
  ['results', 'context', 'Format Context'],
  ['results', 'text', 'Results to Text'],
  ['text', 'query', 'Text to Query'],
  ['context', 'text', 'Context to Text'],
  ['json', 'text', 'To Text'],
];

describe('conversion table', () => {
  it.each(SPEC_CONVERSIONS)('%s → %s is "%s"', (from, to, label) => {
    expect(findConversion(from, to)?.label).toBe(label);
    expect(typesCompatible(from, to)).toBe(true);
    expect(typesMatch(from, to)).toBe(false);
  });

  it('has exactly the specified conversions and nothing else', () => {
    expect(CONVERSIONS.map((c) => [c.from, c.to, c.label])).toEqual(SPEC_CONVERSIONS);
  });

  it('is one-way: no reverse conversions exist', () => {
    for (const [from, to] of SPEC_CONVERSIONS) expect(findConversion(to, from)).toBeUndefined();
  });
});

describe('type matching', () => {
  it.each(VALUE_TYPES.map((t) => [t]))('%s matches itself and any', (t) => {
    expect(typesMatch(t, t)).toBe(true);
    expect(typesMatch(t, 'any')).toBe(true);
    expect(typesMatch('any', t)).toBe(true);
  });

  it('tool meets only tool: a node lent to an Agent is no value, and any takes values', () => {
    expect(DATA_TYPES.filter((t) => typesMatch('tool', t) || typesMatch(t, 'tool'))).toEqual(['tool']);
    expect(DATA_TYPES.filter((t) => typesCompatible('tool', t) || typesCompatible(t, 'tool'))).toEqual(['tool']);
  });

  it.each([
    ['text', 'documents'],
    ['chunks', 'documents'],
    ['query', 'text'],
    ['context', 'results'],
    ['text', 'json'],
  ] as [DataType, DataType][])('%s → %s is incompatible', (from, to) => {
    expect(typesCompatible(from, to)).toBe(false);
  });
});
