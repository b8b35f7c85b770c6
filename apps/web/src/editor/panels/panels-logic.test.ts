import type { NodeDefinition } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { distinctTypes, highlightMatches, libraryGroups, matchScore } from './library-search';
import { formatLogTime, isAtBottom, logText } from './log-format';
import { type ParameterRow, parameterKeyProblem, parametersFromRows, rowsFromParameters, sameParameters } from './parameter-rows';

function def(type: string, title: string, category: NodeDefinition['category'], extra: Partial<NodeDefinition> = {}): NodeDefinition {
  return { type, title, category, version: 1, description: '', inputs: [], outputs: [], config: [], ...extra };
}

const catalogue = [
  def('output', 'Output', 'Outputs', { description: 'Collects a result of the workflow' }),
  def('input.text', 'Text Input', 'Inputs', { description: 'A piece of text typed in the editor' }),
  def('merge', 'Merger', 'Logic', { description: 'Combines several inputs' }),
  def('convert', 'Type Converter', 'Converters', { hidden: true, description: 'Converts text' }),
  def('llm.chat', 'Chat Model', 'AI', { description: 'Answers a prompt with text' }),
  def('acme.thing', 'Acme Thing', 'Zeta' as NodeDefinition['category']),
  def('file.load', 'Load File', 'Inputs', { description: 'Reads a document' }),
];

describe('libraryGroups', () => {
  it('groups by category in product order, unknown categories last, hidden left out', () => {
    const groups = libraryGroups(catalogue);
    expect(groups.map((g) => g.category)).toEqual(['Inputs', 'AI', 'Logic', 'Outputs', 'Zeta']);
    expect(groups[0]?.definitions.map((d) => d.type)).toEqual(['input.text', 'file.load']);
    expect(groups.flatMap((g) => g.definitions).some((d) => d.hidden)).toBe(false);
  });

  it('filters by title, type, category and description', () => {
    const types = (q: string) => libraryGroups(catalogue, q).flatMap((g) => g.definitions.map((d) => d.type));
    expect(types('merger')).toEqual(['merge']);
    expect(types('llm.')).toEqual(['llm.chat']);
    expect(types('outputs')).toEqual(['output']);
    expect(types('document')).toEqual(['file.load']);
    expect(types('  MERGER ')).toEqual(['merge']);
  });

  it('needs every word to match', () => {
    expect(libraryGroups(catalogue, 'text chat').flatMap((g) => g.definitions.map((d) => d.type))).toEqual(['llm.chat']);
    expect(libraryGroups(catalogue, 'nothing-like-this')).toEqual([]);
  });

  it('puts the group with the best match first while searching', () => {
    const groups = libraryGroups([def('a', 'Alpha', 'AI', { description: 'about text' }), def('b', 'Text Splitter', 'RAG')], 'text');
    expect(groups.map((g) => g.category)).toEqual(['RAG', 'AI']);
  });

  it('ranks title matches above description matches within a group', () => {
    const group = libraryGroups([def('a', 'Alpha', 'AI', { description: 'about text' }), def('b', 'Text Splitter', 'AI')], 'text');
    expect(group[0]?.definitions.map((d) => d.type)).toEqual(['b', 'a']);
  });
});

describe('matchScore', () => {
  it('prefers a title prefix', () => {
    const chat = def('llm.chat', 'Chat Model', 'AI');
    const score = (q: string) => matchScore(chat, q);
    expect(score('chat')).toBe(0);
    expect(score('model')).toBe(1);
    expect(score('llm')).toBe(2);
    expect(score('')).toBe(0);
    expect(score('zzz')).toBeNull();
  });
});

describe('highlightMatches', () => {
  it('marks every hit of every word, case-insensitively', () => {
    expect(highlightMatches('Text to Text', 'text')).toEqual([
      { text: 'Text', match: true },
      { text: ' to ', match: false },
      { text: 'Text', match: true },
    ]);
    expect(highlightMatches('Chat Model', 'mod ch')).toEqual([
      { text: 'Ch', match: true },
      { text: 'at ', match: false },
      { text: 'Mod', match: true },
      { text: 'el', match: false },
    ]);
  });

  it('returns the text whole without a query', () => {
    expect(highlightMatches('Merger', '  ')).toEqual([{ text: 'Merger', match: false }]);
    expect(highlightMatches('', 'x')).toEqual([]);
  });
});

describe('distinctTypes', () => {
  it('keeps first-seen order without repeats', () => {
    expect(distinctTypes([{ type: 'text' }, { type: 'documents' }, { type: 'text' }])).toEqual(['text', 'documents']);
  });
});

describe('parameter keys', () => {
  it.each([
    ['', 'Give the parameter a key.'],
    ['1st', 'Keys cannot start with a digit.'],
    ['my key', 'Use letters, digits and _ only (no spaces or dashes), e.g. company_name.'],
    ['my-key', 'Use letters, digits and _ only (no spaces or dashes), e.g. company_name.'],
  ])('%j: %s', (key, message) => {
    expect(parameterKeyProblem(key, [])).toBe(message);
  });

  it('accepts valid keys and refuses duplicates', () => {
    expect(parameterKeyProblem('_private', [])).toBeNull();
    expect(parameterKeyProblem('Topic2', ['other'])).toBeNull();
    expect(parameterKeyProblem('topic', ['topic'])).toMatch(/already uses “topic”/);
  });
});

describe('parametersFromRows', () => {
  let n = 0;
  const id = () => `r${++n}`;
  const stored = { topic: { key: 'topic', value: 'AI', description: 'What to write about' }, tone: { key: 'tone', value: 'calm', description: '' } };

  it('round-trips a stored map', () => {
    const rows = rowsFromParameters(stored, id);
    const result = parametersFromRows(rows);
    expect(result.errors).toEqual({});
    expect(sameParameters(result.parameters, stored)).toBe(true);
  });

  it('renames when the typed key is valid', () => {
    const [topic, tone] = rowsFromParameters(stored, id) as [ParameterRow, ParameterRow];
    const result = parametersFromRows([{ ...topic, key: 'subject' }, tone]);
    expect(Object.keys(result.parameters)).toEqual(['subject', 'tone']);
    expect(result.rows[0]?.committedKey).toBe('subject');
  });

  it('keeps the old key while the typed key is invalid', () => {
    const [topic, tone] = rowsFromParameters(stored, id) as [ParameterRow, ParameterRow];
    const result = parametersFromRows([{ ...topic, key: 'sub ject' }, tone]);
    expect(Object.keys(result.parameters)).toEqual(['topic', 'tone']);
    expect(result.errors[topic.rowId]).toMatch(/letters, digits/);
  });

  it('puts a duplicate error on the row being renamed, not on the owner', () => {
    const [topic, tone] = rowsFromParameters(stored, id) as [ParameterRow, ParameterRow];
    const result = parametersFromRows([{ ...topic, key: 'tone' }, tone]);
    expect(result.errors).toEqual({ [topic.rowId]: 'Another parameter already uses “tone”. Keys must be unique.' });
    expect(result.parameters.topic?.value).toBe('AI');
    expect(result.parameters.tone?.value).toBe('calm');
  });

  it('leaves out a new row until it has a key', () => {
    const rows = [...rowsFromParameters(stored, id), { rowId: 'new', key: '', committedKey: null, value: 'x', description: '' }];
    const result = parametersFromRows(rows);
    expect(Object.keys(result.parameters)).toEqual(['topic', 'tone']);
    expect(result.errors.new).toBe('Give the parameter a key.');
  });

  it('hands an old key to the row that now types it', () => {
    const [topic, tone] = rowsFromParameters(stored, id) as [ParameterRow, ParameterRow];
    // topic is being renamed to something invalid while tone takes the name "topic".
    const result = parametersFromRows([
      { ...topic, key: 'bad key' },
      { ...tone, key: 'topic' },
    ]);
    expect(result.parameters).toEqual({ topic: { key: 'topic', value: 'calm', description: '' } });
    expect(result.rows[0]?.committedKey).toBeNull();
  });
});

describe('log lines', () => {
  it('prefixes local time in brackets, zero-padded, 24-hour', () => {
    expect(formatLogTime(new Date(2025, 0, 2, 14, 3, 7))).toBe('[14:03:07]');
    expect(formatLogTime(new Date(2025, 0, 2, 0, 0, 0))).toBe('[00:00:00]');
  });

  it('joins lines for copying', () => {
    const time = new Date(2025, 0, 2, 9, 5, 1);
    expect(
      logText([
        { time, text: 'Run started' },
        { time, text: 'Done', level: 'info' },
      ]),
    ).toBe('[09:05:01] Run started\n[09:05:01] Done');
  });

  it('sticks to the bottom only when near it', () => {
    expect(isAtBottom({ scrollTop: 780, scrollHeight: 1000, clientHeight: 200 })).toBe(true);
    expect(isAtBottom({ scrollTop: 700, scrollHeight: 1000, clientHeight: 200 })).toBe(false);
  });
});
