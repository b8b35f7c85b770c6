import { describe, expect, it } from 'vitest';
import { testDefinition as def } from '../store/test-definitions';
import { nodeSummary, summaryParts, summaryText, usesParameters } from './node-summary';

describe('node summary line', () => {
  it('shows a converter as its conversion', () => {
    expect(nodeSummary(def('convert'), { sourceType: 'documents', targetType: 'text' })).toBe('documents → text');
  });

  it('shows a merger with its input count and type', () => {
    expect(nodeSummary(def('merge'), { inputCount: 3, dataType: 'text' })).toBe('3 text inputs, concatenated');
  });

  it('shows the first filled-in text on one line, shortened', () => {
    expect(nodeSummary(def('input.text'), { text: '  Hello\n  world ' })).toBe('Hello world');
    expect(nodeSummary(def('input.text'), { text: 'x'.repeat(200) })).toHaveLength(90);
    expect(nodeSummary(def('input.text'), { text: '' })).toBeNull();
  });
});

describe('parameters on the card (issue 22)', () => {
  const params = {
    feedUrl: { key: 'feedUrl', value: 'https://hnrss.org/frontpage', description: '' },
    keyword: { key: 'keyword', value: '  ', description: '' },
  };

  it('shows a parameter’s value in place of its placeholder', () => {
    const parts = summaryParts(def('input.text'), { text: 'Read {{params.feedUrl}} daily' }, params);
    expect(parts).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'param', key: 'feedUrl', value: 'https://hnrss.org/frontpage', text: 'https://hnrss.org/frontpage' },
      { kind: 'text', text: ' daily' },
    ]);
    expect(summaryText(parts ?? [])).toBe('Read https://hnrss.org/frontpage daily');
  });

  it('names a parameter that has no value, or none at all, instead', () => {
    const parts = summaryParts(def('input.text'), { text: '{{ params.keyword }} on {{params.pageUrl}}' }, params);
    expect(parts?.map((p) => (p.kind === 'param' ? [p.key, p.value, p.text] : p.text))).toEqual([
      ['keyword', null, '‹keyword›'],
      ' on ',
      ['pageUrl', null, '‹pageUrl›'],
    ]);
  });

  it('leaves other placeholders as written and cuts the line after the values are in', () => {
    expect(summaryText(summaryParts(def('input.text'), { text: 'Hi {{input}} {{secrets.KEY}}' }, params) ?? [])).toBe('Hi {{input}} {{secrets.KEY}}');
    const long = summaryText(summaryParts(def('input.text'), { text: `{{params.feedUrl}} ${'x'.repeat(100)}` }, params) ?? []);
    expect(long).toHaveLength(90);
    expect(long.startsWith('https://hnrss.org/frontpage x')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
  });

  it('knows which summaries follow the parameters', () => {
    expect(usesParameters(def('input.text'), { text: 'a {{params.x}}' })).toBe(true);
    expect(usesParameters(def('input.text'), { text: 'a {{input}}' })).toBe(false);
    expect(summaryParts(def('input.text'), { text: '' }, params)).toBeNull();
  });
});
