import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONVERTER_NODE_TYPE, MERGER_NODE_TYPE } from './built-in-types.js';
import { applyEdit, type ConnectGraph, planConnection } from './connect.js';
import { DATA_TYPES, type DataType, findConversion, typesMatch } from './data-types.js';
import { boxesTouch, placedBox } from './free-spot.js';
import { INSERTED_SIZE } from './insert-placement.js';
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
      const tool = from === 'tool' || to === 'tool';
      if (!plan.ok) expect(plan.reason).toContain(tool ? 'Tools input' : `Cannot connect ${from} to ${to}`);
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
      //   [a] ──▶ [converter "label"] ──▶ [b]   b moves right to make room (160 px free, 360 needed)
      expect(plan.inserted).toEqual(['converter']);
      const [converter] = plan.edit.addNodes;
      expect(converter?.data).toMatchObject({ type: CONVERTER_NODE_TYPE, label: outcome, config: { sourceType: from, targetType: to } });
      expect(converter?.position).toEqual({ x: 300, y: 50 });
      expect(plan.edit.moveNodes).toEqual([{ id: 'b', position: { x: 610, y: 100 } }]);
      expect(plan.edit.addEdges).toMatchObject([
        { source: 'a', target: converter?.id, data: { type: from } },
        { source: converter?.id, target: 'b', data: { type: to } },
      ]);
    }
    expect(validateWorkflow(applyEdit(graph, plan.edit), TEST_DEFINITIONS)).toEqual([]);
  });
});

describe('connecting into an occupied input', () => {
  it('inserts a merger between the new source and the input that takes the old and the new edge', () => {
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
    expect(merger?.position).toEqual({ x: 300, y: 200 });
    expect(plan.edit.moveNodes).toEqual([{ id: 's', position: { x: 610, y: 200 } }]);
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
  const docsToText = (graph: ConnectGraph) =>
    planConnection(graph, { source: 'a', sourceHandle: 'out', target: 'b', targetHandle: 'in' }, TEST_DEFINITIONS, sequentialIds());

  it('a converter between two nodes does not land on a third one sitting between them', () => {
    //   [a] ─ ─ [c] ─ ─ [b]   c is unrelated; the converter goes just below it
    const graph = {
      nodes: [testNode('a', sourceType('documents'), 0, 0), testNode('c', sinkType('json'), 300, 0), testNode('b', sinkType('text'), 600, 0)],
      edges: [],
    };
    const plan = docsToText(graph);
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.edit.addNodes[0]?.data.type).toBe(CONVERTER_NODE_TYPE);
    expect(plan.edit.addNodes[0]?.position).toEqual({ x: 300, y: 134 });
    expect(plan.edit.moveNodes).toEqual([]);
  });

  it('makes room: the target and everything right of it move right by the same amount', () => {
    //   [a] [b] [c]        a ─▶ b needs a converter; 60 px apart is too close
    //   [d]                d is left of b: it stays
    //   becomes  [a] [Extract Text] [b] [c]
    const graph = {
      nodes: [
        testNode('a', sourceType('documents'), 0, 0),
        testNode('b', sinkType('text'), 300, 0),
        testNode('c', sinkType('json'), 600, 0),
        testNode('d', sinkType('json'), 0, 200),
      ],
      edges: [],
    };
    const plan = docsToText(graph);
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.edit.moveNodes).toEqual([
      { id: 'b', position: { x: 600, y: 0 } },
      { id: 'c', position: { x: 900, y: 0 } },
    ]);
    expect(plan.edit.addNodes[0]?.position).toEqual({ x: 300, y: 0 });
    expect(overlapsIn(applyEdit(graph, plan.edit))).toEqual([]);
  });

  it('a connection drawn backwards gets its converter at the free spot nearest the midpoint', () => {
    //   [b] ◀─ [a]   (a sits right of b, 20 px apart)
    const graph = { nodes: [testNode('a', sourceType('documents'), 260, 0), testNode('b', sinkType('text'), 0, 0)], edges: [] };
    const plan = docsToText(graph);
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.edit.moveNodes).toEqual([]);
    expect(overlapsIn(applyEdit(graph, plan.edit))).toEqual([]);
  });

  it('never puts an inserted node on another, nor moves two nodes onto each other (property)', () => {
    // Nodes on a coarse grid so that many layouts are tight; a: documents, b: text sink,
    // the rest unrelated. Whatever the layout, after connecting a to b no two nodes that
    // were apart touch, and the converter (and merger) touch nothing.
    const spot = fc.record({ x: fc.integer({ min: -8, max: 8 }), y: fc.integer({ min: -6, max: 6 }) });
    fc.assert(
      fc.property(fc.uniqueArray(spot, { minLength: 3, maxLength: 12, selector: (p) => `${p.x},${p.y}` }), fc.boolean(), (spots, occupied) => {
        const [pa, pb, ...rest] = spots.map((p) => ({ x: p.x * 150, y: p.y * 70 }));
        if (!pa || !pb) return;
        const nodes = [testNode('a', sourceType('documents'), pa.x, pa.y), testNode('b', sinkType('text'), pb.x, pb.y)];
        for (const [i, p] of rest.entries()) nodes.push(testNode(`n${i}`, sinkType('json'), p.x, p.y));
        let graph: ConnectGraph = { nodes, edges: [] };
        if (occupied) {
          nodes.push(testNode('t', sourceType('text'), pb.x - 2000, pb.y));
          const first = planConnection(graph, { source: 't', sourceHandle: 'out', target: 'b', targetHandle: 'in' }, TEST_DEFINITIONS, sequentialIds('f'));
          if (!first.ok) throw new Error(first.reason);
          graph = applyEdit({ ...graph, nodes }, first.edit);
        }
        const before = new Set(overlapsIn(graph));
        const plan = docsToText(graph);
        if (!plan.ok) throw new Error(plan.reason);
        const after = overlapsIn(applyEdit(graph, plan.edit));
        expect(after.filter((pair) => !before.has(pair))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

/** Pairs of nodes closer than the air kept between cards, inserted ones as tall as they draw. */
function overlapsIn(graph: ConnectGraph): string[] {
  const boxes = graph.nodes.map((n) => {
    const inserted = n.data.type === CONVERTER_NODE_TYPE || n.data.type === MERGER_NODE_TYPE;
    return { id: n.id, ...placedBox(inserted ? { position: n.position, measured: INSERTED_SIZE } : n) };
  });
  const pairs: string[] = [];
  for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) if (boxesTouch(a, b, 0)) pairs.push(`${a.id}+${b.id}`);
  return pairs;
}
