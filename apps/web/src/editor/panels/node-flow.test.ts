import type { PortDefinition } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { PREVIEW_CHARS, portFlows, valuePreview } from './node-flow';

/*
 *   Question ──text──► ┌────────────┐ ──text──► Answer
 *   Format   ─context─► │ Build      │
 *                       └────────────┘ ──text──► Log
 */
const edges = [
  { source: 'q', sourceHandle: 'output', target: 'build', targetHandle: 'input' },
  { source: 'fmt', sourceHandle: 'context', target: 'build', targetHandle: 'context' },
  { source: 'build', sourceHandle: 'output', target: 'answer', targetHandle: 'input' },
  { source: 'build', sourceHandle: 'output', target: 'log', targetHandle: 'input' },
  { source: 'gone', sourceHandle: 'output', target: 'build', targetHandle: 'input' },
];
const labels: Record<string, string> = { q: 'Question', fmt: 'Format', answer: 'Answer', log: 'Log', build: 'Build' };
const context = {
  edges,
  labelOf: (id: string) => labels[id],
  portLabelOf: (_: string, handle: string) => (handle === 'context' ? 'Context' : handle === 'output' ? 'Text' : 'Value'),
};
const inputs: PortDefinition[] = [
  { id: 'input', label: 'Text', type: 'text' },
  { id: 'context', label: 'Context', type: 'context', optional: true },
  { id: 'extra', label: 'Extra', type: 'any', typeFrom: 'extraType', optional: true },
];
const outputs: PortDefinition[] = [{ id: 'output', label: 'Prompt', type: 'text' }];

describe('portFlows', () => {
  it('lists each input with the nodes feeding it and skips edges from nodes that are gone', () => {
    const flows = portFlows('input', 'build', inputs, { extraType: 'json' }, context, undefined);
    expect(flows.map((f) => [f.label, f.type, f.optional, f.peers.map((p) => `${p.label}.${p.port}`)])).toEqual([
      ['Text', 'text', false, ['Question.Text']],
      ['Context', 'context', true, ['Format.Context']],
      // Its type comes from the node's config.
      ['Extra', 'json', true, []],
    ]);
    expect(flows.some((f) => 'value' in f)).toBe(false);
  });

  it('lists each output with every node it feeds, and the values of the run on screen', () => {
    const [flow] = portFlows('output', 'build', outputs, {}, context, { output: 'Answer: hi' });
    expect(flow?.peers.map((p) => `${p.label}.${p.port}`)).toEqual(['Answer.Value', 'Log.Value']);
    expect(flow?.value).toEqual({ value: 'Answer: hi' });
    // A port that held undefined in the run still held something: it is shown as such.
    expect(portFlows('output', 'build', outputs, {}, context, { output: undefined })[0]?.value).toEqual({ value: undefined });
  });
});

describe('valuePreview', () => {
  it('shows text as text, a list by its count and first item, and cuts long values', () => {
    expect(valuePreview('Leave is 25 days')).toEqual({ text: 'Leave is 25 days' });
    expect(valuePreview([{ text: 'a' }, { text: 'b' }])).toEqual({ lead: '2 items', text: '{\n  "text": "a"\n}' });
    expect(valuePreview(['only'])).toEqual({ lead: '1 item', text: 'only' });
    expect(valuePreview([])).toEqual({ lead: '0 items', text: '' });
    const long = valuePreview('x'.repeat(PREVIEW_CHARS + 50)).text;
    expect(long).toHaveLength(PREVIEW_CHARS + 1);
    expect(long.endsWith('…')).toBe(true);
    expect(valuePreview({ $truncated: true, preview: 'start of it', bytes: 90_000 })).toEqual({ lead: 'cut, too large to keep whole', text: 'start of it' });
  });
});
