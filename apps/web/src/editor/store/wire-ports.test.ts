import { BUILTIN_NODES } from '@weft/nodes';
import { describe, expect, it } from 'vitest';
import { node, storeWith } from './store-test-helpers';
import { testDefinition } from './test-definitions';
import { wirePorts } from './wire-ports';

const at = (type: string, config: Record<string, unknown> = {}) => ({ definition: testDefinition(type), config });

describe('which ports a node added after another is wired through', () => {
  it('the first pair of equal types', () => {
    expect(wirePorts(at('input.text'), at('test.sink.text'))).toEqual({ sourceHandle: 'output', targetHandle: 'in' });
  });

  it('a pair through any when no types are equal', () => {
    expect(wirePorts(at('input.text'), at('merge', { dataType: 'any', inputCount: 2 }))).toEqual({ sourceHandle: 'output', targetHandle: 'input-0' });
  });

  it('none when only a converter would join them, or a side has no ports', () => {
    expect(wirePorts(at('test.source.documents'), at('test.sink.text'))).toBeNull();
    expect(wirePorts(at('test.sink.text'), at('test.sink.text'))).toBeNull();
  });

  it('never the Tool ports: lending a node to an Agent is the user’s choice', () => {
    const builtIn = (type: string) => ({ definition: BUILTIN_NODES.find((d) => d.type === type) ?? testDefinition(type), config: {} });
    //   HTTP Request (Response json, Tool) ─▶ Agent (Task text, Tools, After any): json meets neither Task nor Tools,
    //   and After only orders a run; no Tool → Tools
    expect(wirePorts(builtIn('http.request'), builtIn('ai.agent'))).toBeNull();
    //   Embed & Store (Summary json) ─▶ Retriever (Query, After any): not wired to After on its own either
    expect(wirePorts(builtIn('rag.store'), builtIn('rag.retrieve'))).toBeNull();
    //   HTTP Request as text ─▶ Agent: its Response feeds the Task
    expect(wirePorts({ ...builtIn('http.request'), config: { responseAs: 'text' } }, builtIn('ai.agent'))).toEqual({
      sourceHandle: 'output',
      targetHandle: 'input',
    });
  });

  it('a port typed by the config counts by its config', () => {
    expect(wirePorts(at('convert', { sourceType: 'documents', targetType: 'text' }), at('test.sink.text'))).toEqual({
      sourceHandle: 'output',
      targetHandle: 'in',
    });
  });
});

describe('adding a node after another (the store)', () => {
  it('places and wires it in one undo step, selected', () => {
    const store = storeWith({ nodes: [node('t', 'input.text')] });
    const added = store.getState().addNode('test.sink.text', { x: 300, y: 0 }, { wireFrom: 't' });
    expect(store.getState().edges).toEqual([
      expect.objectContaining({ source: 't', sourceHandle: 'output', target: added?.id, targetHandle: 'in', data: { type: 'text' } }),
    ]);
    expect(store.getState().selectedNodeId).toBe(added?.id);
    store.getState().undo();
    expect(store.getState().nodes.map((n) => n.id)).toEqual(['t']);
    expect(store.getState().edges).toEqual([]);
  });

  it('places it unwired when the types would need a converter', () => {
    const store = storeWith({ nodes: [node('d', 'test.source.documents')] });
    store.getState().addNode('test.sink.text', { x: 300, y: 0 }, { wireFrom: 'd' });
    expect(store.getState().nodes).toHaveLength(2);
    expect(store.getState().edges).toEqual([]);
  });
});
