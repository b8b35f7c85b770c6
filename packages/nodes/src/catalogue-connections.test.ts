import { applyEdit, CONVERSIONS, type ConnectGraph, planConnection, validateWorkflow, type WorkflowNode } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { BUILTIN_NODES } from './catalogue.js';

/**
 * The connection rules of packages/core run against the real catalogue: whatever they
 * insert (converters, mergers) must be nodes the catalogue knows, through handles those
 * nodes have, so that the server accepts the graph the editor builds.
 */

function node(id: string, type: string, config: Record<string, unknown> = {}, x = 0): WorkflowNode {
  return { id, type: 'custom', position: { x, y: 0 }, data: { label: id, type, config, status: 'idle' } };
}

function builder(nodes: WorkflowNode[]) {
  let graph: ConnectGraph = { nodes, edges: [] };
  let next = 0;
  const newId = () => `g${++next}`;
  return {
    /** Connects `from` (node.handle) to `to` (node.handle) and returns what the rules inserted. */
    connect(from: string, to: string): readonly string[] {
      const [source = '', sourceHandle = ''] = from.split('.');
      const [target = '', targetHandle = ''] = to.split('.');
      const plan = planConnection(graph, { source, sourceHandle, target, targetHandle }, BUILTIN_NODES, newId);
      if (!plan.ok) throw new Error(`${from} → ${to} refused: ${plan.reason}`);
      graph = applyEdit(graph, plan.edit);
      return plan.inserted;
    },
    refusal(from: string, to: string): string | undefined {
      const [source = '', sourceHandle = ''] = from.split('.');
      const [target = '', targetHandle = ''] = to.split('.');
      const plan = planConnection(graph, { source, sourceHandle, target, targetHandle }, BUILTIN_NODES, newId);
      return plan.ok ? undefined : plan.code;
    },
    graph: () => graph,
  };
}

describe('connection rules over the built-in catalogue', () => {
  it.each(CONVERSIONS.map((c) => [c.label, c] as const))('%s: inserts a converter, then a merger, and the server-side check accepts both', (_label, c) => {
    // Mergers typed per instance stand in for a source of `from` and a sink of `to`.
    const g = builder([node('a', 'merge', { dataType: c.from }), node('b', 'merge', { dataType: c.from }), node('z', 'merge', { dataType: c.to }, 600)]);
    expect(g.connect('a.output', 'z.input-0')).toEqual(['converter']);
    expect(validateWorkflow(g.graph(), BUILTIN_NODES)).toEqual([]);
    expect(g.connect('b.output', 'z.input-0')).toEqual(['converter', 'merger']);
    expect(validateWorkflow(g.graph(), BUILTIN_NODES)).toEqual([]);
  });

  it('builds a document Q&A workflow, converting documents, text and results on the way', () => {
    //   load ─► split ─► store ─► retrieve.after
    //   question ─[Text to Query]─► retrieve ─[Results to Text]─► llm ─► condition ─true─► slack
    //                                                                           └─false─► output
    const g = builder([
      node('load', 'rag.load'),
      node('split', 'rag.split'),
      node('store', 'rag.store'),
      node('question', 'input.text'),
      node('retrieve', 'rag.retrieve'),
      node('llm', 'llm.chat'),
      node('condition', 'logic.condition'),
      node('slack', 'slack.message'),
      node('output', 'output'),
    ]);
    expect(g.connect('load.output', 'split.input')).toEqual([]);
    expect(g.connect('split.output', 'store.input')).toEqual([]);
    expect(g.connect('store.output', 'retrieve.after')).toEqual([]);
    expect(g.connect('question.output', 'retrieve.input')).toEqual(['converter']);
    expect(g.connect('retrieve.output', 'llm.input')).toEqual(['converter']);
    expect(g.connect('llm.output', 'condition.input')).toEqual([]);
    expect(g.connect('condition.true', 'slack.input')).toEqual([]);
    expect(g.connect('condition.false', 'output.input')).toEqual([]);
    expect(validateWorkflow(g.graph(), BUILTIN_NODES)).toEqual([]);
    const labels = g
      .graph()
      .nodes.filter((n) => n.data.type === 'convert')
      .map((n) => n.data.label);
    expect(labels).toEqual(['Text to Query', 'Results to Text']);
  });

  it('gives the HTTP response the type chosen in "Response as"', () => {
    const g = builder([
      node('json', 'http.request'),
      node('text', 'http.request', { responseAs: 'text' }),
      node('template', 'text.template'),
      node('llm', 'llm.chat'),
      node('code', 'code.javascript'),
    ]);
    expect(g.connect('json.output', 'template.input')).toEqual(['converter']);
    expect(g.connect('text.output', 'llm.input')).toEqual([]);
    expect(g.connect('template.output', 'code.input')).toEqual([]);
    expect(validateWorkflow(g.graph(), BUILTIN_NODES)).toEqual([]);
  });

  it('refuses what no conversion covers', () => {
    const g = builder([node('retrieve', 'rag.retrieve'), node('split', 'rag.split'), node('load', 'rag.load'), node('store', 'rag.store')]);
    expect(g.refusal('retrieve.output', 'split.input')).toBe('incompatible_types');
    expect(g.refusal('load.output', 'retrieve.input')).toBe('incompatible_types');
  });
});
