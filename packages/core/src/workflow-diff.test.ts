import { describe, expect, it } from 'vitest';
import type { NodeDefinition } from './node-definition.js';
import type { WorkflowDocument, WorkflowNode } from './workflow.js';
import { diffWorkflows, HIDDEN_SECRET_VALUE, isEmptyDiff } from './workflow-diff.js';
import { summarizeWorkflowDiff } from './workflow-diff-summary.js';

const base = { version: 1, description: '', category: 'AI', inputs: [], outputs: [] } as const;
const DEFINITIONS: NodeDefinition[] = [
  {
    ...base,
    type: 'llm.chat',
    title: 'LLM Chat',
    config: [
      { kind: 'prompt', key: 'prompt', label: 'Prompt' },
      { kind: 'select', key: 'model', label: 'Model', options: [] },
      { kind: 'secret', key: 'apiKey', label: 'API key' },
      { kind: 'text', key: 'url', label: 'URL' },
    ],
  },
  { ...base, type: 'template', title: 'Template', config: [{ kind: 'prompt', key: 'template', label: 'Prompt' }] },
];

const node = (id: string, label: string, type: string, config: Record<string, unknown> = {}, x = 0): WorkflowNode => ({
  id,
  type: 'custom',
  position: { x, y: 0 },
  data: { label, type, config },
});
const edge = (id: string, source: string, target: string) => ({
  id,
  source,
  sourceHandle: 'out',
  target,
  targetHandle: 'in',
  type: 'custom',
  data: {},
});
const doc = (nodes: WorkflowNode[], edges: ReturnType<typeof edge>[] = [], name = 'Flow'): WorkflowDocument => ({
  schemaVersion: 1,
  name,
  nodes,
  edges,
  globalParameters: {},
});

describe('diffWorkflows', () => {
  it('finds nothing between equal documents, whatever the key order of config', () => {
    const a = doc([node('t', 'Template 1', 'template', { template: 'Hi', extra: { a: 1, b: [1, 2] } })]);
    const b = doc([node('t', 'Template 1', 'template', { extra: { b: [1, 2], a: 1 }, template: 'Hi' })]);
    const diff = diffWorkflows(a, b, DEFINITIONS);
    expect(isEmptyDiff(diff)).toBe(true);
    expect(summarizeWorkflowDiff(diff)).toBe('No changes');
  });

  it('names added, removed and changed nodes, connections by their ends, and the changed fields with both values', () => {
    //  before:  [t: Template 1] ──► [o: Output]          after:  [t: Template 1] ──► [c: LLM Chat]
    const before = doc([node('t', 'Template 1', 'template', { template: 'Hi' }), node('o', 'Output', 'output')], [edge('e1', 't', 'o')]);
    const after = doc([node('t', 'Template 1', 'template', { template: 'Hello' }), node('c', 'LLM Chat', 'llm.chat')], [edge('e9', 't', 'c')]);
    const diff = diffWorkflows(before, after, DEFINITIONS);
    expect(diff.nodes.added).toEqual([{ id: 'c', label: 'LLM Chat', type: 'llm.chat' }]);
    expect(diff.nodes.removed).toEqual([{ id: 'o', label: 'Output', type: 'output' }]);
    expect(diff.nodes.changed).toEqual([
      {
        id: 't',
        label: 'Template 1',
        type: 'template',
        labelBefore: null,
        moved: false,
        fields: [{ key: 'template', label: 'Prompt', before: 'Hi', after: 'Hello' }],
      },
    ]);
    expect(diff.edges.added).toEqual([
      { source: 't', sourceLabel: 'Template 1', sourceHandle: 'out', target: 'c', targetLabel: 'LLM Chat', targetHandle: 'in' },
    ]);
    expect(diff.edges.removed).toMatchObject([{ source: 't', target: 'o', targetLabel: 'Output' }]);
    expect(summarizeWorkflowDiff(diff)).toBe('Added LLM Chat, removed Output, changed prompt of Template 1, added 1 connection, removed 1 connection');
  });

  it('treats an edge whose id alone changed as the same connection', () => {
    const nodes = [node('a', 'A', 'template'), node('b', 'B', 'template')];
    expect(isEmptyDiff(diffWorkflows(doc(nodes, [edge('e1', 'a', 'b')]), doc(nodes, [edge('other', 'a', 'b')])))).toBe(true);
  });

  it('never carries a plain value of a secret field, only references', () => {
    const before = doc([node('c', 'LLM Chat', 'llm.chat', { apiKey: 'sk-live-123456' })]);
    const after = doc([node('c', 'LLM Chat', 'llm.chat', { apiKey: '{{secrets.OPENAI_API_KEY}}' })]);
    const diff = diffWorkflows(before, after, DEFINITIONS);
    expect(diff.nodes.changed[0]?.fields).toEqual([{ key: 'apiKey', label: 'API key', before: HIDDEN_SECRET_VALUE, after: '{{secrets.OPENAI_API_KEY}}' }]);
    expect(JSON.stringify(diff)).not.toContain('sk-live');
  });

  it('reports renames, moves, the workflow name and parameters', () => {
    const before: WorkflowDocument = {
      ...doc([node('a', 'Fetch', 'template'), node('b', 'B', 'template')], [], 'Old'),
      globalParameters: { tone: { key: 'tone', value: 'warm', description: '' }, gone: { key: 'gone', value: 'x', description: '' } },
    };
    const after: WorkflowDocument = {
      ...doc([node('a', 'Fetch feed', 'template'), node('b', 'B', 'template', {}, 40)], [], 'New'),
      globalParameters: { tone: { key: 'tone', value: 'dry', description: '' }, fresh: { key: 'fresh', value: 'y', description: '' } },
    };
    const diff = diffWorkflows(before, after);
    expect(diff.name).toEqual({ before: 'Old', after: 'New' });
    expect(diff.nodes.changed.map((c) => [c.id, c.labelBefore, c.moved])).toEqual([
      ['a', 'Fetch', false],
      ['b', null, true],
    ]);
    expect(diff.parameters).toEqual({
      added: [{ key: 'fresh', before: null, after: 'y' }],
      removed: [{ key: 'gone', before: 'x', after: null }],
      changed: [{ key: 'tone', before: 'warm', after: 'dry' }],
    });
    expect(summarizeWorkflowDiff(diff)).toBe(
      'Renamed the workflow to "New", renamed Fetch to Fetch feed, moved B, added parameter fresh, changed parameter tone, removed parameter gone',
    );
  });

  it('uses the field key when the node type is unknown, and a field set or unset counts as changed', () => {
    const diff = diffWorkflows(doc([node('x', 'X', 'gone.type', { a: 1 })]), doc([node('x', 'X', 'gone.type', { b: 2 })]));
    expect(diff.nodes.changed[0]?.fields).toEqual([
      { key: 'a', label: 'a', before: 1, after: undefined },
      { key: 'b', label: 'b', before: undefined, after: 2 },
    ]);
  });

  it('reports run settings and pinned outputs beside config', () => {
    const before = doc([node('t', 'Template 1', 'template')]);
    const after: WorkflowDocument = {
      ...doc([{ ...node('t', 'Template 1', 'template'), data: { label: 'Template 1', type: 'template', config: {}, settings: { retries: 2 } } }]),
      pinData: { t: { output: 'fixed' } },
    };
    const diff = diffWorkflows(before, after, DEFINITIONS);
    expect(diff.nodes.changed[0]?.fields).toEqual([
      { key: '@settings', label: 'Retries and timeout', before: undefined, after: { retries: 2 } },
      { key: '@pinned', label: 'Pinned output', before: undefined, after: { output: 'fixed' } },
    ]);
    expect(summarizeWorkflowDiff(diff)).toBe('Changed retries and timeout and pinned output of Template 1');
  });
});

describe('summarizeWorkflowDiff', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => node(`n${i}`, `Node ${i}`, 'template'));

  it('counts instead of naming past three, keeps acronyms and caps the parts', () => {
    expect(summarizeWorkflowDiff(diffWorkflows(doc([]), doc(many(5))))).toBe('Added 5 nodes');
    const before = doc([node('c', 'LLM Chat', 'llm.chat', { url: 'a', model: 'x', prompt: 'p' })]);
    expect(summarizeWorkflowDiff(diffWorkflows(before, doc([node('c', 'LLM Chat', 'llm.chat', { url: 'b', model: 'x', prompt: 'p' })]), DEFINITIONS))).toBe(
      'Changed URL of LLM Chat',
    );
    expect(summarizeWorkflowDiff(diffWorkflows(before, doc([node('c', 'LLM Chat', 'llm.chat', { url: 'b', model: 'y', prompt: 'q' })]), DEFINITIONS))).toBe(
      'Changed 3 settings of LLM Chat',
    );
    const wide = diffWorkflows(
      { ...doc(many(2), [], 'A'), globalParameters: { p: { key: 'p', value: '1', description: '' } } },
      {
        ...doc([node('n0', 'Node 0', 'template', {}, 5), node('z', 'Z', 'template', {}, 9)], [edge('e', 'n0', 'z')], 'B'),
        globalParameters: { q: { key: 'q', value: '1', description: '' } },
      },
    );
    expect(summarizeWorkflowDiff(wide)).toBe('Renamed the workflow to "B", added Z, removed Node 1, moved Node 0, added 1 connection, and 2 more changes');
  });
});
