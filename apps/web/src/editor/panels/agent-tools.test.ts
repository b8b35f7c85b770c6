import type { NodeDefinition } from '@weft/core';
import { BUILTIN_NODES } from '@weft/nodes';
import { describe, expect, it } from 'vitest';
import { agentTools, callShape } from './agent-tools';

const byType = new Map<string, NodeDefinition>(BUILTIN_NODES.map((type) => [type.type, type]));
const definitionOf = (type: string) => byType.get(type);
const node = (id: string, type: string, label: string, config: Record<string, unknown> = {}, description?: string) => ({
  id,
  data: { type, label, config, ...(description ? { description } : {}) },
});
const tool = (source: string, target = 'agent') => ({ source, sourceHandle: 'tool', target, targetHandle: 'tools' });

/*
 *   [Look up order]─Tool─┐
 *   [Add VAT]──────Tool──┼─► Tools [Agent]
 *   [Look up order]─Tool─┘          ▲ main input from [Question] (not a tool)
 *   [MCP]──────────Tool──► Tools [Other agent]
 */
describe('agentTools', () => {
  const nodes = [
    node('agent', 'ai.agent', 'Agent'),
    node('other', 'ai.agent', 'Other agent'),
    node('q', 'input.text', 'Question'),
    node('http', 'http.request', 'Look up order', { url: 'http://127.0.0.1:9/orders/{{args.orderId}}' }),
    node('code', 'code.javascript', 'Add VAT', {}, 'Adds 20 % VAT to an amount.'),
    node('http2', 'http.request', 'Look up order', { url: '' }),
    node('mcp', 'mcp.tools', 'Docs server'),
  ];
  const edges = [
    { source: 'q', sourceHandle: 'output', target: 'agent', targetHandle: 'input' },
    tool('http'),
    tool('code'),
    tool('http'),
    tool('http2'),
    tool('mcp', 'other'),
  ];

  it('lists the tools connected to its Tools input, once each, in edge order, with the names and arguments the run derives', () => {
    const rows = agentTools('agent', nodes, edges, definitionOf);
    expect(rows.map((row) => row.nodeId)).toEqual(['http', 'code', 'http2']);
    const [http, code, second] = rows;
    // The URL is filled, so the model only chooses the order id written into it.
    expect(http).toMatchObject({ name: 'look_up_order', typeTitle: 'HTTP Request', atRunTime: false });
    expect(http?.arguments).toEqual([expect.objectContaining({ name: 'orderId', type: 'string', required: true })]);
    expect(callShape(http ?? ({} as never))).toBe('look_up_order(orderId)');
    // The node's own description is what the model reads.
    expect(code).toMatchObject({ name: 'add_vat', description: 'Adds 20 % VAT to an amount.' });
    // Same label: the second gets `_2`, as the run names it; its empty URL is the model's to fill.
    expect(second?.name).toBe('look_up_order_2');
    expect(second?.arguments.map((arg) => arg.name)).toContain('url');
  });

  it('says a node whose tools come at run time has no name of its own', () => {
    const [mcp] = agentTools('other', nodes, edges, definitionOf);
    expect(mcp).toMatchObject({ nodeId: 'mcp', name: null, atRunTime: true, arguments: [] });
    expect(callShape(mcp ?? ({} as never))).toBe('Docs server');
  });

  it('is empty for an agent with no tools and ignores unknown types', () => {
    expect(agentTools('agent', [node('x', 'nope.gone', 'Gone')], [tool('x')], definitionOf)).toEqual([]);
    expect(agentTools('q', nodes, edges, definitionOf)).toEqual([]);
  });
});
