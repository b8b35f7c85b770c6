import { describe, expect, it } from 'vitest';
import type { NodeDefinition } from './node-definition.js';
import { TEST_MERGER } from './test-definitions.js';
import { validateWorkflow, type WorkflowGraph } from './validate-workflow.js';
import type { WorkflowEdge, WorkflowNode } from './workflow.js';

// A small catalogue of its own: core must not depend on @weft/nodes.
const base = { version: 1, category: 'Logic', description: '', config: [] } as const;
const DEFINITIONS: NodeDefinition[] = [
  { ...base, type: 'source', title: 'Source', inputs: [], outputs: [{ id: 'out', label: 'Out', type: 'text' }] },
  { ...base, type: 'step', title: 'Step', inputs: [{ id: 'in', label: 'In', type: 'text' }], outputs: [{ id: 'out', label: 'Out', type: 'text' }] },
  { ...base, type: 'sink', title: 'Sink', inputs: [{ id: 'in', label: 'In', type: 'any' }], outputs: [] },
  TEST_MERGER,
];

function node(id: string, type: string, config: Record<string, unknown> = {}): WorkflowNode {
  return { id, type: 'custom', position: { x: 0, y: 0 }, data: { label: id, type, config } };
}

/** `id: source.handle->target.handle` */
function edge(spec: string): WorkflowEdge {
  const [id, link] = spec.split(': ') as [string, string];
  const [from, to] = link.split('->') as [string, string];
  const [source, sourceHandle] = from.split('.') as [string, string];
  const [target, targetHandle] = to.split('.') as [string, string];
  return { id, source, sourceHandle, target, targetHandle, type: 'custom', data: {} };
}

function graph(nodes: WorkflowNode[], edges: string[] = [], schemaVersion?: number): WorkflowGraph {
  return { nodes, edges: edges.map(edge), ...(schemaVersion === undefined ? {} : { schemaVersion }) };
}

describe('validateWorkflow', () => {
  it('accepts a sound graph', () => {
    //          ┌──────────────┐
    // src ─────┤              ▼
    //          └─► step ─► merge(3) ─► sink
    // src ───────────────────▲ (input-2)
    const doc = graph(
      [node('src', 'source'), node('src2', 'source'), node('step', 'step'), node('m', 'merge', { inputCount: 3 }), node('end', 'sink')],
      ['e1: src.out->m.input-0', 'e2: src.out->step.in', 'e3: step.out->m.input-1', 'e4: src2.out->m.input-2', 'e5: m.output->end.in'],
    );
    expect(validateWorkflow(doc, DEFINITIONS)).toEqual([]);
  });

  it('accepts an empty workflow', () => {
    expect(validateWorkflow(graph([]), DEFINITIONS)).toEqual([]);
  });

  it.each([
    ['an unknown node type', graph([node('n3', 'foo.bar')]), 'unknown_node_type', 'Node "n3" has unknown type "foo.bar"'],
    ['a duplicate node id', graph([node('a', 'source'), node('a', 'sink')]), 'duplicate_node_id', 'Node id "a" is used by more than one node'],
    [
      'a duplicate edge id',
      graph([node('a', 'source'), node('b', 'sink'), node('c', 'sink')], ['e1: a.out->b.in', 'e1: a.out->c.in']),
      'duplicate_edge_id',
      'Edge id "e1" is used by more than one edge',
    ],
    [
      'an edge from a missing node',
      graph([node('b', 'sink')], ['e1: ghost.out->b.in']),
      'unknown_edge_source',
      'Edge "e1" starts at node "ghost", which is not in the workflow',
    ],
    [
      'an edge to a missing node',
      graph([node('a', 'source')], ['e1: a.out->ghost.in']),
      'unknown_edge_target',
      'Edge "e1" ends at node "ghost", which is not in the workflow',
    ],
    [
      'a missing output handle',
      graph([node('a', 'source'), node('b', 'sink')], ['e1: a.nope->b.in']),
      'unknown_source_handle',
      'Edge "e1" starts at output "nope", which node "a" (Source) does not have',
    ],
    [
      'a missing input handle',
      graph([node('a', 'source'), node('b', 'sink')], ['e1: a.out->b.nope']),
      'unknown_target_handle',
      'Edge "e1" ends at input "nope", which node "b" (Sink) does not have',
    ],
    [
      'a merger input beyond its configured count',
      graph([node('a', 'source'), node('m', 'merge', { inputCount: 2 })], ['e1: a.out->m.input-2']),
      'unknown_target_handle',
      'Edge "e1" ends at input "input-2", which node "m" (Merger) does not have',
    ],
    [
      'a document newer than this code',
      graph([], [], 99),
      'newer_schema_version',
      'This workflow uses document version 99, newer than this Weft understands (1). Upgrade Weft to open it.',
    ],
  ])('reports %s', (_title, doc, code, message) => {
    const issues = validateWorkflow(doc, DEFINITIONS);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code, message });
  });

  it('reports a cycle naming an edge on it', () => {
    // src ─► s1 ─► s2
    //        ▲      │
    //        └──────┘ back
    const doc = graph([node('src', 'source'), node('s1', 'step'), node('s2', 'step')], ['e1: src.out->s1.in', 'e2: s1.out->s2.in', 'back: s2.out->s1.in']);
    expect(validateWorkflow(doc, DEFINITIONS)).toEqual([
      {
        code: 'cycle',
        edgeId: 'back',
        message: 'Edge "back" closes a loop (s1 → s2 → s1); a workflow\'s connections must not lead back to an earlier node',
      },
    ]);
  });

  it('does not report handles of a node whose type is already unknown', () => {
    const doc = graph([node('a', 'source'), node('x', 'mystery')], ['e1: a.out->x.anything']);
    expect(validateWorkflow(doc, DEFINITIONS).map((i) => i.code)).toEqual(['unknown_node_type']);
  });

  it('reports every problem, nodes before edges before the cycle', () => {
    // s1 ⇄ s2 (a loop), plus an unknown type and a dangling edge
    const doc = graph([node('s1', 'step'), node('s2', 'step'), node('x', 'mystery')], ['a: s1.out->s2.in', 'b: s2.out->s1.in', 'c: s1.out->gone.in']);
    expect(validateWorkflow(doc, DEFINITIONS).map((i) => [i.code, i.nodeId ?? i.edgeId])).toEqual([
      ['unknown_node_type', 'x'],
      ['unknown_edge_target', 'c'],
      ['cycle', 'b'],
    ]);
  });
});
