import { describe, expect, it } from 'vitest';
import { JsonAssembly } from './json-assembly.js';
import { jsonPieces } from './json-pieces.js';

function roundTrip(value: unknown, pieceChars: number) {
  const pieces = [...jsonPieces(value, pieceChars)];
  const assembly = new JsonAssembly();
  for (const piece of pieces) assembly.add(JSON.parse(JSON.stringify(piece)));
  return { value: assembly.value, pieces };
}

describe('JSON in pieces', () => {
  it('sends a small value whole', () => {
    const { value, pieces } = roundTrip({ a: [1, 2, { b: 'c' }] }, 1000);
    expect(pieces).toEqual([{ kind: 'value', at: [], json: '{"a":[1,2,{"b":"c"}]}' }]);
    expect(value).toEqual({ a: [1, 2, { b: 'c' }] });
  });

  it('rebuilds a large value exactly, no piece much over the size it was given', () => {
    const value = {
      items: Array.from({ length: 500 }, (_, index) => ({ id: index, name: `item ${index}`, tags: ['x', 'y'] })),
      nested: { deep: { list: Array.from({ length: 300 }, (_, index) => [index, `${index}`]) }, small: true },
      text: 'a long string '.repeat(100),
      empty: {},
      none: null,
      '10': 'integer-like keys keep their place as JSON.parse gives it',
    };
    const { value: rebuilt, pieces } = roundTrip(value, 2000);
    expect(rebuilt).toEqual(value);
    expect(Object.keys(rebuilt as object)).toEqual(Object.keys(JSON.parse(JSON.stringify(value))));
    expect(pieces.length).toBeGreaterThan(10);
    // A piece holds whole values: one may pass the size by its last value, never by much more.
    for (const piece of pieces) if ('json' in piece) expect(piece.json.length).toBeLessThan(2000 * 2);
  });

  it('keeps a "__proto__" key a plain key, as JSON.parse does', () => {
    const parsed: unknown = JSON.parse(`{"__proto__":{"polluted":true},"list":[${'{"__proto__":{"x":1}},'.repeat(200)}1]}`);
    const { value } = roundTrip(parsed, 500);
    expect(value).toEqual(parsed);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value as object)).toEqual(['__proto__', 'list']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('rebuilds top-level lists and plain values', () => {
    const list = Array.from({ length: 1000 }, (_, index) => index);
    expect(roundTrip(list, 100).value).toEqual(list);
    expect(roundTrip('just text', 1).value).toBe('just text');
    expect(roundTrip(42, 1).value).toBe(42);
  });
});
