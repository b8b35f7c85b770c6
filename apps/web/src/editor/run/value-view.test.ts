import { describe, expect, it } from 'vitest';
import {
  detectView,
  isTruncated,
  looksLikeMarkdown,
  preferredView,
  TABLE_ROW_LIMIT,
  valueAsJson,
  valueAsMarkdown,
  valueAsTable,
  valueAsText,
} from './value-view';

const cut = { $truncated: true, preview: '{"items":[1,2,', bytes: 200_000 };

describe('detectView', () => {
  it('opens plain text as text and markdown-looking text as markdown', () => {
    expect(detectView('Paris is the capital of France.')).toBe('text');
    expect(detectView('# Answer\n\n- one\n- two')).toBe('markdown');
    expect(detectView('Use **bold** and see [docs](https://example.com)')).toBe('markdown');
    expect(detectView('a - b')).toBe('text');
  });

  it('opens lists of records as a table and other data as JSON', () => {
    expect(detectView([{ text: 'a', score: 0.9 }, { text: 'b' }])).toBe('table');
    expect(detectView([1, 2, 3])).toBe('json');
    expect(detectView([])).toBe('json');
    expect(detectView({ status: 200 })).toBe('json');
    expect(detectView(42)).toBe('json');
    expect(detectView(null)).toBe('json');
  });

  it('opens a cut value as text, since its preview is not whole JSON', () => {
    expect(detectView(cut)).toBe('text');
  });
});

describe('looksLikeMarkdown', () => {
  it('needs more than one hint on a single line', () => {
    expect(looksLikeMarkdown('1. only a numbered sentence')).toBe(false);
    expect(looksLikeMarkdown('1. first\n2. second')).toBe(true);
    expect(looksLikeMarkdown('```js\nx()\n```')).toBe(true);
  });
});

describe('truncated values', () => {
  it('is recognised only with the marker and a text preview', () => {
    expect(isTruncated(cut)).toBe(true);
    expect(isTruncated({ $truncated: 'yes', preview: 'x', bytes: 1 })).toBe(false);
    expect(isTruncated({ $truncated: true, bytes: 1 })).toBe(false);
    expect(isTruncated([cut])).toBe(false);
  });

  it('shows its preview in every view and has no table', () => {
    expect(valueAsText(cut)).toBe(cut.preview);
    expect(valueAsJson(cut)).toBe(cut.preview);
    expect(valueAsMarkdown(cut)).toBe(cut.preview);
    expect(valueAsTable(cut)).toBeNull();
  });
});

describe('value formatting', () => {
  it('shows strings as they are and data as indented JSON', () => {
    expect(valueAsText('line 1\nline 2')).toBe('line 1\nline 2');
    expect(valueAsText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(valueAsJson('quoted')).toBe('"quoted"');
    expect(valueAsText(undefined)).toBe('');
  });

  it('renders markdown only for text', () => {
    expect(valueAsMarkdown('# hi')).toBe('# hi');
    expect(valueAsMarkdown({ a: 1 })).toBeNull();
  });
});

describe('valueAsTable', () => {
  it('makes columns from the keys of the records, in order of first appearance', () => {
    expect(
      valueAsTable([
        { text: 'a', score: 1 },
        { text: 'b', meta: { page: 2 } },
      ]),
    ).toEqual({
      columns: ['text', 'score', 'meta'],
      rows: [
        ['a', '1', ''],
        ['b', '', '{"page":2}'],
      ],
      hiddenRows: 0,
    });
  });

  it('shows a record as keys and values and a list of plain values as one column', () => {
    expect(valueAsTable({ status: 200, ok: true })).toEqual({
      columns: ['Key', 'Value'],
      rows: [
        ['status', '200'],
        ['ok', 'true'],
      ],
      hiddenRows: 0,
    });
    expect(valueAsTable(['x', 2])).toEqual({ columns: ['Value'], rows: [['x'], ['2']], hiddenRows: 0 });
  });

  it('has no table for text, numbers and empty things', () => {
    expect(valueAsTable('text')).toBeNull();
    expect(valueAsTable(3)).toBeNull();
    expect(valueAsTable([])).toBeNull();
    expect(valueAsTable({})).toBeNull();
  });

  it('caps the rows it renders and says how many it left out', () => {
    const many = Array.from({ length: TABLE_ROW_LIMIT + 5 }, (_, i) => ({ i }));
    const table = valueAsTable(many);
    expect(table?.rows).toHaveLength(TABLE_ROW_LIMIT);
    expect(table?.hiddenRows).toBe(5);
  });
});

describe('preferredView', () => {
  it('follows the first output, else the first input', () => {
    expect(preferredView({ output: [{ a: 1 }] }, { input: 'x' })).toBe('table');
    expect(preferredView(undefined, { input: '## Title\n\ntext' })).toBe('markdown');
    expect(preferredView(undefined, undefined)).toBe('text');
  });
});
