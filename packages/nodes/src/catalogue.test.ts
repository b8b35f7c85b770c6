import { defaultConfig, inputPorts, validateWorkflow } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { BUILTIN_NODES, findNodeType } from './catalogue.js';

describe('built-in catalogue', () => {
  it('has one node per type', () => {
    const types = BUILTIN_NODES.map((n) => n.type);
    expect(new Set(types).size).toBe(types.length);
  });

  it.each(BUILTIN_NODES.map((n) => [n.type, n]))('%s declares the inputs its default config produces', (_type, node) => {
    expect(inputPorts(node, defaultConfig(node)).map((p) => p.id)).toEqual(node.inputs.map((p) => p.id));
  });

  it('gives a merger as many inputs as its inputCount', () => {
    const merger = findNodeType('merge');
    if (!merger) throw new Error('merge node missing');
    expect(inputPorts(merger, { inputCount: 4 }).map((p) => p.id)).toEqual(['input-0', 'input-1', 'input-2', 'input-3']);
  });

  it('validates a workflow built from the catalogue', () => {
    // text ─► merge(3).input-2 ─► output
    const node = (id: string, type: string, config: Record<string, unknown> = {}) => ({
      id,
      type: 'custom' as const,
      position: { x: 0, y: 0 },
      data: { label: id, type, config },
    });
    const edge = (id: string, source: string, sourceHandle: string, target: string, targetHandle: string) => ({
      id,
      source,
      sourceHandle,
      target,
      targetHandle,
      type: 'custom',
      data: {},
    });
    const issues = validateWorkflow(
      {
        nodes: [node('t', 'input.text'), node('m', 'merge', { inputCount: 3 }), node('o', 'output')],
        edges: [edge('e1', 't', 'output', 'm', 'input-2'), edge('e2', 'm', 'output', 'o', 'input')],
      },
      BUILTIN_NODES,
    );
    expect(issues).toEqual([]);
  });
});
