import { describe, expect, it } from 'vitest';
import { diffConcurrentEdits } from './concurrent-edits.js';
import type { NodeDefinition } from './node-definition.js';
import type { WorkflowDocument, WorkflowNode } from './workflow.js';
import { HIDDEN_SECRET_VALUE } from './workflow-diff.js';
import { summarizeWorkflowDiff } from './workflow-diff-summary.js';

const base = { version: 1, description: '', category: 'AI', inputs: [], outputs: [] } as const;
const DEFINITIONS: NodeDefinition[] = [
  {
    ...base,
    type: 'llm.chat',
    title: 'LLM Chat',
    config: [
      { kind: 'prompt', key: 'prompt', label: 'Prompt' },
      { kind: 'text', key: 'model', label: 'Model' },
      { kind: 'secret', key: 'apiKey', label: 'API key' },
    ],
  },
  { ...base, type: 'template', title: 'Template', config: [{ kind: 'prompt', key: 'template', label: 'Template' }] },
];

const node = (id: string, label: string, type: string, config: Record<string, unknown> = {}): WorkflowNode => ({
  id,
  type: 'custom',
  position: { x: 0, y: 0 },
  data: { label, type, config },
});
const edge = (source: string, target: string) => ({
  id: `${source}-${target}`,
  source,
  sourceHandle: 'out',
  target,
  targetHandle: 'in',
  type: 'custom',
  data: {},
});
const doc = (nodes: WorkflowNode[], edges: ReturnType<typeof edge>[] = [], name = 'Flow', params: Record<string, string> = {}): WorkflowDocument => ({
  schemaVersion: 1,
  name,
  nodes,
  edges,
  globalParameters: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, { key, value, description: '' }])),
});

//  base:   [t: Template] ──► [c: LLM Chat]
const template = (text = 'Hi') => node('t', 'Template', 'template', { template: text });
const chat = (config: Record<string, unknown> = { prompt: 'Answer', model: 'gpt-4o' }) => node('c', 'LLM Chat', 'llm.chat', config);
const start = doc([template(), chat()], [edge('t', 'c')], 'Flow', { tone: 'warm' });

describe('diffConcurrentEdits', () => {
  it('shows each side against the version both started from, with no overlap when they touched different things', () => {
    //  theirs: Template's text changed          yours: an Output added after LLM Chat, renamed
    const theirs = doc([template('Hello'), chat()], [edge('t', 'c')], 'Flow', { tone: 'warm' });
    const yours = doc([template(), chat(), node('o', 'Output', 'output')], [edge('t', 'c'), edge('c', 'o')], 'Flow v2', { tone: 'warm' });
    const edits = diffConcurrentEdits(start, theirs, yours, DEFINITIONS);
    expect(summarizeWorkflowDiff(edits.theirs)).toBe('Changed template of Template');
    expect(edits.theirs.nodes.changed[0]?.fields).toEqual([{ key: 'template', label: 'Template', before: 'Hi', after: 'Hello' }]);
    expect(edits.yours.nodes.added).toEqual([{ id: 'o', label: 'Output', type: 'output' }]);
    expect(edits.yours.edges.added).toEqual([expect.objectContaining({ sourceLabel: 'LLM Chat', targetLabel: 'Output' })]);
    expect(edits.yours.name).toEqual({ before: 'Flow', after: 'Flow v2' });
    expect(edits.overlaps).toEqual([]);
  });

  it('names a node both changed and the fields both set to different values', () => {
    const theirs = doc([template(), chat({ prompt: 'Be brief', model: 'gpt-4o-mini' })], [edge('t', 'c')]);
    const yours = doc([template(), chat({ prompt: 'Be thorough', model: 'gpt-4o' })], [edge('t', 'c')]);
    const edits = diffConcurrentEdits(start, theirs, yours, DEFINITIONS);
    // Both changed the prompt; only they changed the model, so the model is no overlap.
    expect(edits.overlaps).toEqual([{ kind: 'node', id: 'c', label: 'LLM Chat', theirs: 'changed', yours: 'changed', fields: ['Prompt'] }]);
  });

  it('a node one side removed while the other changed it overlaps; both removing it does not', () => {
    //  theirs: LLM Chat removed               yours: LLM Chat's prompt changed, Template removed
    const theirs = doc([template()], [], 'Flow', { tone: 'warm' });
    const yours = doc([chat({ prompt: 'Changed', model: 'gpt-4o' })], [], 'Flow', { tone: 'warm' });
    const edits = diffConcurrentEdits(start, theirs, yours, DEFINITIONS);
    expect(edits.overlaps).toEqual([{ kind: 'node', id: 'c', label: 'LLM Chat', theirs: 'removed', yours: 'changed', fields: [] }]);
    expect(edits.theirs.edges.removed).toHaveLength(1);

    const bothRemove = diffConcurrentEdits(start, theirs, doc([template('Other')], [], 'Flow', { tone: 'warm' }), DEFINITIONS);
    expect(bothRemove.overlaps).toEqual([]);
  });

  it('the same change on both sides is no overlap; different names and parameter values are', () => {
    const same = doc([template('Same'), chat()], [edge('t', 'c')], 'Renamed', { tone: 'warm' });
    expect(diffConcurrentEdits(start, same, same, DEFINITIONS).overlaps).toEqual([]);

    const theirs = doc([template(), chat()], [edge('t', 'c')], 'Their name', { tone: 'dry' });
    const yours = doc([template(), chat()], [edge('t', 'c')], 'My name', {});
    const overlaps = diffConcurrentEdits(start, theirs, yours, DEFINITIONS).overlaps;
    expect(overlaps).toEqual([
      { kind: 'name', id: 'name', label: 'Name', theirs: 'changed', yours: 'changed', fields: [] },
      { kind: 'parameter', id: 'tone', label: 'tone', theirs: 'changed', yours: 'removed', fields: [] },
    ]);
  });

  it('never carries a pasted secret value, on either side', () => {
    const theirs = doc([template(), chat({ prompt: 'Answer', model: 'gpt-4o', apiKey: 'sk-theirs-plain' })], [edge('t', 'c')]);
    const yours = doc([template(), chat({ prompt: 'Answer', model: 'gpt-4o', apiKey: 'sk-mine-plain' })], [edge('t', 'c')]);
    const edits = diffConcurrentEdits(start, theirs, yours, DEFINITIONS);
    const text = JSON.stringify(edits);
    expect(text).not.toContain('sk-theirs-plain');
    expect(text).not.toContain('sk-mine-plain');
    expect(edits.theirs.nodes.changed[0]?.fields[0]?.after).toBe(HIDDEN_SECRET_VALUE);
    // Both hidden values read the same, yet the secrets differ: still an overlap on the node.
    expect(edits.overlaps.map((o) => o.id)).toEqual(['c']);
  });
});
