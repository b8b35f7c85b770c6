import { describe, expect, it } from 'vitest';
import { CONVERSIONS } from '../data-types.js';
import { convertValue } from './convert.js';
import { mergeValues } from './merge.js';

const docs = [
  { text: 'First page.', metadata: { source: 'a.pdf', page: 1 } },
  { text: 'Second page.', metadata: { source: 'a.pdf', page: 2 } },
];
const results = [
  { text: 'Weft runs on SQLite.', score: 0.91, metadata: { source: 'guide.md' } },
  { text: 'Schedules use cron.', score: 0.72, metadata: {} },
];

describe('convertValue (SPEC.md section 5)', () => {
  it.each([
    ['documents', 'text', docs, 'First page.\n\nSecond page.'],
    [
      'chunks',
      'text',
      [
        { text: 'a', metadata: {} },
        { text: 'b', metadata: {} },
      ],
      'a\n\nb',
    ],
    ['results', 'text', results, '1. Weft runs on SQLite.\n2. Schedules use cron.'],
    ['text', 'query', 'what is weft?', { text: 'what is weft?' }],
    ['context', 'text', { text: 'ctx', sources: [] }, 'ctx'],
    ['json', 'text', { a: 1 }, '{\n  "a": 1\n}'],
    ['json', 'text', 'already text', 'already text'],
  ] as const)('%s → %s', (from, to, input, expected) => {
    expect(convertValue(from, to, input)).toEqual(expected);
  });

  it('splits documents into chunks one to one, keeping metadata', () => {
    expect(convertValue('documents', 'chunks', docs)).toEqual([
      { text: 'First page.', metadata: { source: 'a.pdf', page: 1, chunk: 0 } },
      { text: 'Second page.', metadata: { source: 'a.pdf', page: 2, chunk: 1 } },
    ]);
  });

  it('formats results as numbered context with sources', () => {
    expect(convertValue('results', 'context', results)).toEqual({
      text: '[1] Weft runs on SQLite.\n(source: guide.md)\n\n[2] Schedules use cron.\n(source: result 2)',
      sources: ['guide.md', 'result 2'],
    });
  });

  it('implements every conversion of the table', () => {
    for (const c of CONVERSIONS) expect(() => convertValue(c.from, c.to, [])).not.toThrow();
  });

  it('refuses a pair with no conversion', () => {
    expect(() => convertValue('text', 'documents', 'x')).toThrow('There is no conversion from text to documents');
  });
});

describe('mergeValues (concat)', () => {
  it.each([
    ['text', ['a', undefined, 'b'], 'a\n\nb'],
    ['documents', [[docs[0]], [docs[1]]], docs],
    ['results', [results, undefined], results],
    [
      'context',
      [
        { text: 'x', sources: ['s1'] },
        { text: 'y', sources: ['s2'] },
      ],
      { text: 'x\n\ny', sources: ['s1', 's2'] },
    ],
    ['any', [1, 'two'], [1, 'two']],
    ['json', [[1], [2, 3]], [1, 2, 3]],
  ] as const)('%s', (type, values, expected) => {
    expect(mergeValues(type, values)).toEqual(expected);
  });
});
