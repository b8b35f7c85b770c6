import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONVERTER_NODE_TYPE, MERGER_NODE_TYPE } from './built-in-types.js';
import { applyEdit, type ConnectGraph, freeDropBelow, freeSpotNear, planConnection } from './connect.js';
import { DATA_TYPES, type DataType, findConversion, typesMatch } from './data-types.js';
import { inputPorts, outputPorts, portType } from './node-ports.js';
import { sequentialIds, sinkType, sourceType, TEST_DEFINITIONS, testNode } from './test-definitions.js';
import { validateWorkflow } from './validate-workflow.js';

const connect = (graph: ConnectGraph, source: string, target: string, ids = sequentialIds()) =>
  planConnection(graph, { source, sourceHandle: 'out', target, targetHandle: 'in' }, TEST_DEFINITIONS, ids);

// SPEC.md section 5 as a table: every (from, to) pair and what connecting them does.
const PAIRS = DATA_TYPES.flatMap((from) => DATA_TYPES.map((to) => [from, to] as [DataType, DataType]));
const expected = (from: DataType, to: DataType) => (typesMatch(from, to) ? 'direct' : (findConversion(from, to)?.label ?? 'refused'));

describe('connecting two free handles', () => {
  it.each(PAIRS.map(([from, to]) => [from, to, expected(from, to)]))('%s → %s: %s', (from, to, outcome) => {
    //   [source:from] ──▶ [sink:to]
    const graph = { nodes: [testNode('a', sourceType(from), 0, 0), testNode('b', sinkType(to), 400, 100)], edges: [] };
    const plan = connect(graph, 'a', 'b');
    if (outcome === 'refused') {
      expect(plan).toMatchObject({ ok: false, code: 'incompatible_types' });
      if (!plan.ok) expect(plan.reason).toContain(`Cannot connect ${from} to ${to}`);
      return;
    }
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    if (outcome === 'direct') {
      //   [a] ──▶ [b]
      expect(plan.inserted).toEqual([]);
      expect(plan.edit.addNodes).toEqual([]);
      expect(plan.edit.addEdges).toMatchObject([{ source: 'a', target: 'b', sourceHandle: 'out', targetHandle: 'in' }]);
    } else {
      //   [a] ──▶ [converter "label" at midpoint] ──▶ [b]
      expect(plan.inserted).toEqual(['converter']);
      const [converter] = plan.edit.addNodes;
      expect(converter?.data).toMatchObject({ type: CONVERTER_NODE_TYPE, label: outcome, config: { sourceType: from, targetType: to } });
      expect(converter?.position).toEqual({ x: 200, y: 50 });
      expect(plan.edit.addEdges).toMatchObject([
        { source: 'a', target: converter?.id, data: { type: from } },
        { source: converter?.id, target: 'b', data: { type: to } },
      ]);
    }
    expect(validateWorkflow(applyEdit(graph, plan.edit), TEST_DEFINITIONS)).toEqual([]);
  });
});

describe('connecting into an occupied input', () => {
  it('inserts a merger at the midpoint that takes the old and the new edge', () => {
    //   [x:text] ──▶ [sink:text]   then connect [y:text]
    //   becomes [x] ─▶ input-0 [merger] ─▶ [sink];  [y] ─▶ input-1 [merger]
    let graph: ConnectGraph = {
      nodes: [testNode('x', sourceType('text')), testNode('y', sourceType('text'), 0, 200), testNode('s', sinkType('text'), 400, 200)],
      edges: [],
    };
    const first = connect(graph, 'x', 's');
    if (!first.ok) throw new Error(first.reason);
    graph = applyEdit(graph, first.edit);
    const plan = connect(graph, 'y', 's', sequentialIds('m'));
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.inserted).toEqual(['merger']);
    const merger = plan.edit.addNodes[0];
    expect(merger?.data).toMatchObject({ type: MERGER_NODE_TYPE, label: 'Merger', config: { dataType: 'text', mergeStrategy: 'concat', inputCount: 2 } });
    expect(merger?.position).toEqual({ x: 200, y: 200 });
    expect(plan.edit.removeEdgeIds).toEqual([first.edit.addEdges[0]?.id]);
    expect(plan.edit.addEdges.map((e) => `${e.source}:${e.targetHandle}→${e.target}`)).toEqual([
      `x:input-0→${merger?.id}`,
      `y:input-1→${merger?.id}`,
      `${merger?.id}:in→s`,
    ]);
    expect(validateWorkflow(applyEdit(graph, plan.edit), TEST_DEFINITIONS)).toEqual([]);
  });

  it('inserts a converter and then a merger when the types differ and the input is occupied', () => {
    //   [t:text] ─▶ [sink:text], then [d:documents] ─▶ sink  =>  d ─▶ Extract Text ─▶ merger ─▶ sink
    let graph: ConnectGraph = {
      nodes: [testNode('t', sourceType('text')), testNode('d', sourceType('documents')), testNode('s', sinkType('text'), 300)],
      edges: [],
    };
    const first = connect(graph, 't', 's');
    if (!first.ok) throw new Error(first.reason);
    graph = applyEdit(graph, first.edit);
    const plan = connect(graph, 'd', 's');
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.inserted).toEqual(['converter', 'merger']);
    expect(plan.edit.addNodes.map((n) => n.data.label)).toEqual(['Extract Text', 'Merger']);
    expect(validateWorkflow(applyEdit(graph, plan.edit), TEST_DEFINITIONS)).toEqual([]);
  });

  it('types the merger any when different types meet at an any input', () => {
    //   [t:text] ─▶ [pass:any], then [j:json] ─▶ pass  =>  merger(any) takes both
    let graph: ConnectGraph = { nodes: [testNode('t', sourceType('text')), testNode('j', sourceType('json')), testNode('p', 'test.pass.any')], edges: [] };
    const first = connect(graph, 't', 'p');
    if (!first.ok) throw new Error(first.reason);
    graph = applyEdit(graph, first.edit);
    const plan = connect(graph, 'j', 'p');
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.edit.addNodes[0]?.data.config).toMatchObject({ dataType: 'any' });
    expect(validateWorkflow(applyEdit(graph, plan.edit), TEST_DEFINITIONS)).toEqual([]);
  });

  it('leaves the graph unaltered when no conversion exists, even for an occupied input', () => {
    const graph: ConnectGraph = {
      nodes: [testNode('t', sourceType('text')), testNode('c', sourceType('chunks')), testNode('s', sinkType('documents'))],
      edges: [],
    };
    expect(connect(graph, 't', 's')).toMatchObject({ ok: false, code: 'incompatible_types' });
  });
});

describe('refusals', () => {
  const graph: ConnectGraph = {
    nodes: [testNode('a', 'test.pass.text'), testNode('b', 'test.pass.text')],
    edges: [{ id: 'e1', source: 'a', sourceHandle: 'out', target: 'b', targetHandle: 'in', type: 'custom', data: { type: 'text' } }],
  };
  it.each([
    ['a', 'a', 'self_connection'],
    ['a', 'b', 'duplicate'],
    ['b', 'a', 'cycle'],
    ['a', 'missing', 'unknown_node'],
  ])('%s → %s is refused as %s', (source, target, code) => {
    expect(connect(graph, source, target)).toMatchObject({ ok: false, code });
  });
  it('refuses handles the nodes do not have', () => {
    expect(planConnection(graph, { source: 'a', sourceHandle: 'nope', target: 'b', targetHandle: 'in' }, TEST_DEFINITIONS, sequentialIds())).toMatchObject({
      ok: false,
      code: 'unknown_handle',
    });
  });
});

describe('random edit sequences (property)', () => {
  // Pass-through nodes are weighted up: only they can form chains, loops and merges.
  const passes = ['test.pass.text', 'test.pass.any'];
  const types = [...DATA_TYPES.map(sourceType), ...DATA_TYPES.map(sinkType), ...passes, ...passes, ...passes, ...passes];
  const op = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), type: fc.constantFrom(...types) }),
    // Small indices: graphs stay small, so connections often meet the same nodes (merges, loops).
    fc.record({
      kind: fc.constant('connect' as const),
      a: fc.nat({ max: 7 }),
      b: fc.nat({ max: 7 }),
      outIndex: fc.nat({ max: 3 }),
      inIndex: fc.nat({ max: 3 }),
    }),
    fc.record({ kind: fc.constant('removeNode' as const), a: fc.nat() }),
    fc.record({ kind: fc.constant('removeEdge' as const), a: fc.nat() }),
  );

  it('never leave an invalid graph or an edge between incompatible types', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 10, maxLength: 60, size: 'max' }), (ops) => {
        const ids = sequentialIds('n');
        let graph: ConnectGraph = { nodes: [], edges: [] };
        for (const o of ops) {
          if (o.kind === 'add') graph = { ...graph, nodes: [...graph.nodes, testNode(ids(), o.type, graph.nodes.length * 50, 0)] };
          else if (o.kind === 'removeNode' && graph.nodes.length) {
            const gone = graph.nodes[o.a % graph.nodes.length]?.id;
            graph = { nodes: graph.nodes.filter((n) => n.id !== gone), edges: graph.edges.filter((e) => e.source !== gone && e.target !== gone) };
          } else if (o.kind === 'removeEdge' && graph.edges.length) {
            const gone = graph.edges[o.a % graph.edges.length]?.id;
            graph = { ...graph, edges: graph.edges.filter((e) => e.id !== gone) };
          } else if (o.kind === 'connect' && graph.nodes.length) {
            const a = graph.nodes[o.a % graph.nodes.length];
            const b = graph.nodes[o.b % graph.nodes.length];
            const aDef = TEST_DEFINITIONS.find((d) => d.type === a?.data.type);
            const bDef = TEST_DEFINITIONS.find((d) => d.type === b?.data.type);
            if (!a || !b || !aDef || !bDef) continue;
            const outs = outputPorts(aDef);
            const ins = inputPorts(bDef, b.data.config);
            if (!outs.length || !ins.length) continue;
            const sourceHandle = outs[o.outIndex % outs.length]?.id ?? '';
            const targetHandle = ins[o.inIndex % ins.length]?.id ?? '';
            const plan = planConnection(graph, { source: a.id, sourceHandle, target: b.id, targetHandle }, TEST_DEFINITIONS, ids);
            if (plan.ok) graph = applyEdit(graph, plan.edit);
          }
        }
        expect(validateWorkflow(graph, TEST_DEFINITIONS)).toEqual([]);
        for (const edge of graph.edges) {
          const s = graph.nodes.find((n) => n.id === edge.source);
          const t = graph.nodes.find((n) => n.id === edge.target);
          const sDef = TEST_DEFINITIONS.find((d) => d.type === s?.data.type);
          const tDef = TEST_DEFINITIONS.find((d) => d.type === t?.data.type);
          if (!s || !t || !sDef || !tDef) throw new Error('dangling edge');
          const out = outputPorts(sDef).find((p) => p.id === edge.sourceHandle);
          const into = inputPorts(tDef, t.data.config).find((p) => p.id === edge.targetHandle);
          if (!out || !into) throw new Error('edge on a missing handle');
          expect(typesMatch(portType(out, s.data.config), portType(into, t.data.config))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('where inserted nodes go', () => {
  it('at the midpoint when it is free, else the nearest free spot above or below it', () => {
    expect(freeSpotNear({ x: 200, y: 50 }, [])).toEqual({ x: 200, y: 50 });
    const spot = freeSpotNear({ x: 200, y: 50 }, [{ position: { x: 210, y: 40 } }]);
    expect(Math.abs(spot.y - 40)).toBeGreaterThanOrEqual(130);
    expect(spot.x).toBe(200);
  });

  it('duplicates go under their originals, below anything in the way, by the measured sizes', () => {
    const a = { position: { x: 0, y: 0 } };
    // Unmeasured cards count as 240 by 110, with 24 px of air.
    expect(freeDropBelow([a], [a])).toEqual({ x: 0, y: 134 });
    const tall = { position: { x: 0, y: 0 }, measured: { width: 240, height: 160 } };
    expect(freeDropBelow([tall], [tall])).toEqual({ x: 0, y: 184 });
    // Something sits right below, overlapping sideways: the copy goes under it.
    expect(freeDropBelow([a], [a, { position: { x: 100, y: 140 }, measured: { height: 50 } }])).toEqual({ x: 0, y: 214 });
    // A column of two is dropped by its own height and the air.
    const column = [a, { position: { x: 0, y: 130 } }];
    expect(freeDropBelow(column, column)).toEqual({ x: 0, y: 264 });
    // Beside, clear of the copy, does not count.
    expect(freeDropBelow([a], [a, { position: { x: 300, y: 134 } }])).toEqual({ x: 0, y: 134 });
  });

  it('a converter between two nodes does not land on a third one sitting between them', () => {
    //   [a] ─ ─ [c] ─ ─ [b]   c is unrelated; the converter goes above or below it
    const graph = {
      nodes: [testNode('a', sourceType('documents'), 0, 0), testNode('c', sinkType('json'), 300, 0), testNode('b', sinkType('text'), 600, 0)],
      edges: [],
    };
    const plan = planConnection(graph, { source: 'a', sourceHandle: 'out', target: 'b', targetHandle: 'in' }, TEST_DEFINITIONS, sequentialIds());
    if (!plan.ok) throw new Error(plan.reason);
    const converter = plan.edit.addNodes[0];
    expect(converter?.data.type).toBe(CONVERTER_NODE_TYPE);
    expect(converter?.position.x).toBe(300);
    expect(Math.abs((converter?.position.y ?? 0) - 0)).toBeGreaterThanOrEqual(130);
  });
});
