import { describe, expect, it } from 'vitest';
import { insertSnippet, parsePlaceholders, placeholderProblems, splitSegments } from './prompt-placeholders';

const scope = { parameters: ['topic', 'tone'], inputs: ['input'], secrets: ['OPENAI_KEY'] };

describe('parsePlaceholders', () => {
  it('finds each kind with its offsets and name', () => {
    const text = 'Write about {{params.topic}} using {{ input }} and {{secrets.OPENAI_KEY}}.';
    const found = parsePlaceholders(text);
    expect(found.map((p) => [p.kind, p.name, text.slice(p.start, p.end)])).toEqual([
      ['param', 'topic', '{{params.topic}}'],
      ['input', '', '{{ input }}'],
      ['secret', 'OPENAI_KEY', '{{secrets.OPENAI_KEY}}'],
    ]);
  });

  it('reads a named input port', () => {
    expect(parsePlaceholders('{{input.context}}')[0]).toMatchObject({ kind: 'input', name: 'context' });
  });

  it('marks other paths unknown', () => {
    expect(parsePlaceholders('{{user.name}} {{params.}} {{foo}}').map((p) => p.kind)).toEqual(['unknown', 'unknown', 'unknown']);
  });

  it('ignores single braces and nested braces', () => {
    expect(parsePlaceholders('{"a": {"b": 1}} {input} { {x} }')).toEqual([]);
  });
});

describe('splitSegments', () => {
  it('gives back the text when joined', () => {
    const text = 'a {{input}} b {{params.tone}}';
    const segments = splitSegments(text);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.placeholder).length).toBe(2);
  });

  it('handles text without placeholders and empty text', () => {
    expect(splitSegments('plain')).toEqual([{ text: 'plain' }]);
    expect(splitSegments('')).toEqual([]);
  });
});

describe('placeholderProblems', () => {
  it('accepts what exists', () => {
    expect(placeholderProblems('{{input}} {{input.input}} {{params.topic}} {{secrets.OPENAI_KEY}}', scope)).toEqual([]);
  });

  it('names a missing parameter, secret and input once each', () => {
    expect(placeholderProblems('{{params.x}} {{params.x}} {{secrets.NOPE}} {{input.other}}', scope)).toEqual([
      'No global parameter “x”.',
      'No secret named “NOPE”.',
      'This node has no input “other”.',
    ]);
  });

  it('accepts any secret while the list is unknown', () => {
    expect(placeholderProblems('{{secrets.ANY}}', { ...scope, secrets: null })).toEqual([]);
  });

  it('flags {{input}} on a node without inputs', () => {
    expect(placeholderProblems('{{input}}', { ...scope, inputs: [] })).toEqual(['This node has no inputs.']);
  });
});

describe('insertSnippet', () => {
  it('inserts at the caret and moves the caret after it', () => {
    expect(insertSnippet('Hello world', 6, 6, '{{input}} ')).toEqual({ text: 'Hello {{input}} world', selectionStart: 16, selectionEnd: 16 });
  });

  it('replaces the selection', () => {
    expect(insertSnippet('Hello world', 6, 11, '{{params.topic}}').text).toBe('Hello {{params.topic}}');
  });

  it('selects a stand-in to type over', () => {
    const result = insertSnippet('', 0, 0, '{{secrets.NAME}}', 'NAME');
    expect(result.text.slice(result.selectionStart, result.selectionEnd)).toBe('NAME');
  });

  it('clamps offsets beyond the text', () => {
    expect(insertSnippet('ab', 9, 9, 'c').text).toBe('abc');
  });
});
