import type { NodeRunState } from '@weft/core';
import { BUILTIN_NODES } from '@weft/nodes';
import { describe, expect, it } from 'vitest';
import { nodeResult } from './node-result';

const def = (type: string) => {
  const found = BUILTIN_NODES.find((d) => d.type === type);
  if (!found) throw new Error(type);
  return found;
};
const done = (outputs: Record<string, unknown>, extra: Partial<NodeRunState> = {}): NodeRunState => ({ status: 'success', attempts: 1, outputs, ...extra });
const NO_ANSWER = { has: false } as const;
const result = (type: string, state: NodeRunState | undefined, config: Record<string, unknown> = {}) => nodeResult(def(type), config, state, NO_ANSWER);

describe('a node card’s result line (issue 22)', () => {
  it('says nothing before a run reaches the node', () => {
    expect(result('llm.chat', undefined)).toBeNull();
    expect(result('llm.chat', { status: 'queued', attempts: 0 })).toBeNull();
    expect(result('llm.chat', { status: 'running', attempts: 1 })).toBeNull();
  });

  it('shows text as one line, cut short', () => {
    expect(result('llm.chat', done({ output: '• *Weft 2.0 ships*:\n  faster runs.' }))).toEqual({ tone: 'value', text: '• *Weft 2.0 ships*: faster runs.' });
    const long = result('llm.chat', done({ output: 'word '.repeat(100) }));
    expect(long?.text).toHaveLength(140);
    expect(long?.text.endsWith('…')).toBe(true);
  });

  it('counts a list by what it holds and shows its first item', () => {
    const documents = [
      { text: 'Weft 2.0 ships today', metadata: { title: 'Weft 2.0 ships', source: 'https://example.com' } },
      { text: 'Rust', metadata: {} },
    ];
    expect(result('rag.load', done({ output: documents }))).toEqual({ tone: 'value', lead: '2 documents', text: 'Weft 2.0 ships' });
    expect(result('rag.split', done({ output: [{ text: 'one chunk', metadata: {} }] }))).toEqual({ tone: 'value', lead: '1 chunk', text: 'one chunk' });
    expect(result('rag.load', done({ output: [] }))).toEqual({ tone: 'muted', text: '0 documents' });
    // A converter's output is typed by its config.
    expect(result('convert', done({ output: [{ text: 'a', metadata: {} }] }), { sourceType: 'documents', targetType: 'chunks' })?.lead).toBe('1 chunk');
  });

  it('shows a record by its fields, a context by its text (a Tool output is no second way out)', () => {
    expect(result('slack.message', done({ output: { ok: true, channel: 'C1' } }))).toEqual({ tone: 'value', text: 'ok: true · channel: C1' });
    expect(
      result('convert', done({ output: { text: '[1] Leave is 25 days', sources: ['handbook.md'] } }), { sourceType: 'results', targetType: 'context' }),
    ).toEqual({
      tone: 'value',
      text: '[1] Leave is 25 days',
    });
  });

  it('names the way a condition went', () => {
    expect(result('logic.condition', done({ false: 'Release notes' }))).toEqual({ tone: 'value', lead: 'False', text: 'Release notes' });
  });

  it('shows a failed node’s error and why a node was skipped', () => {
    expect(result('http.request', { status: 'error', attempts: 1, error: 'HTTP 404 from https://x\nbody' })).toEqual({
      tone: 'error',
      text: 'HTTP 404 from https://x',
    });
    expect(result('slack.message', { status: 'skipped', attempts: 0, skipReason: 'Not reached' })).toEqual({ tone: 'muted', text: 'Not reached' });
  });

  it('follows an answer as it streams, its last words in sight', () => {
    const streamed = `${'a '.repeat(100)}the end`;
    const line = result('llm.chat', { status: 'running', attempts: 1, streamed });
    expect(line?.tone).toBe('live');
    expect(line?.text.endsWith('the end')).toBe(true);
    expect(line?.text.startsWith('…')).toBe(true);
  });

  it('a value cut by the server shows its preview and full size', () => {
    expect(result('http.request', done({ output: { $truncated: true, preview: 'abc', bytes: 70_000 } }))).toEqual({
      tone: 'value',
      lead: '68 KB',
      text: 'abc',
    });
  });

  it('an Output card shows the workflow’s answer in lines, else what it received', () => {
    const output = def('output');
    const state = done({}, { inputs: { input: 'Line one\n\n\nLine two' } });
    expect(nodeResult(output, {}, state, { has: true, value: 'Leave is 25 days a year [1].' })).toEqual({
      tone: 'value',
      text: 'Leave is 25 days a year [1].',
    });
    expect(nodeResult(output, {}, state, NO_ANSWER)).toEqual({ tone: 'value', text: 'Line one\nLine two' });
    expect(nodeResult(output, {}, done({}), NO_ANSWER)).toBeNull();
  });

  it('says when a node gave nothing, and nothing when its values were not kept', () => {
    expect(result('code.javascript', done({}))).toEqual({ tone: 'muted', text: 'No output' });
    expect(result('code.javascript', { status: 'success', attempts: 1 })).toBeNull();
  });
});
