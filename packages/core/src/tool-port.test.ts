import { describe, expect, it } from 'vitest';
import type { NodeDefinition } from './node-definition.js';
import { splitToolNodes, TOOL_OUTPUT, TOOLS_INPUT } from './tool-port.js';

const base = { version: 1, category: 'AI', description: '', config: [] } as const;
const agent: NodeDefinition = { ...base, type: 'agent', title: 'Agent', inputs: [TOOLS_INPUT], outputs: [{ id: 'output', label: 'Answer', type: 'text' }] };
const http: NodeDefinition = {
  ...base,
  type: 'http',
  title: 'HTTP',
  inputs: [{ id: 'input', label: 'Value', type: 'any', optional: true }],
  outputs: [{ id: 'output', label: 'Response', type: 'json' }, TOOL_OUTPUT],
  toolUse: { description: 'Calls a URL' },
};
const definitions = new Map([agent, http].map((d) => [d.type, d]));
const lookup = (type: string) => definitions.get(type);
const edge = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({ source, sourceHandle, target, targetHandle });

describe('splitToolNodes', () => {
  it('lends nodes connected by their Tool output to the agent, in edge order, each once', () => {
    //   [a:http] ─tool─▶ tools [agent]
    //   [b:http] ─tool─▶ tools [agent]    (twice: still one tool)
    const nodes = [
      { id: 'agent', type: 'agent' },
      { id: 'b', type: 'http' },
      { id: 'a', type: 'http' },
    ];
    const split = splitToolNodes(
      nodes,
      [edge('a', 'tool', 'agent', 'tools'), edge('b', 'tool', 'agent', 'tools'), edge('b', 'tool', 'agent', 'tools')],
      lookup,
    );
    expect(split).toEqual({ ok: true, toolsOf: new Map([['agent', ['a', 'b']]]), toolNodes: new Set(['a', 'b']) });
  });

  it('leaves a node whose Tool output is unconnected in the flow', () => {
    const split = splitToolNodes([{ id: 'a', type: 'http' }], [], lookup);
    expect(split).toEqual({ ok: true, toolsOf: new Map(), toolNodes: new Set() });
  });

  it.each([
    ['an input', edge('x', 'output', 'a', 'input')],
    ['another output', edge('a', 'output', 'x', 'input')],
  ])('refuses a tool node with %s connected, naming it', (_what, other) => {
    const nodes = [
      { id: 'agent', type: 'agent' },
      { id: 'a', type: 'http', label: 'Look up order' },
      { id: 'x', type: 'http' },
    ];
    const split = splitToolNodes(nodes, [edge('a', 'tool', 'agent', 'tools'), other], lookup);
    expect(split).toMatchObject({ ok: false, message: expect.stringContaining('Node "Look up order" is an Agent’s tool') });
  });
});
