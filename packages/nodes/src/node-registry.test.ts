import { describe, expect, it } from 'vitest';
import { BUILTIN_NODES, BUILTIN_PACKAGE } from './catalogue.js';
import { defineNode, type NodeType } from './define-node.js';
import { NodeRegistry, type UserNodeTypeSource } from './node-registry.js';

function node(type: string): NodeType {
  return defineNode({
    type,
    title: type,
    description: `${type} for the registry tests`,
    version: 1,
    category: 'Logic',
    inputs: [],
    outputs: [{ id: 'output', label: 'Output', type: 'text' }],
    config: [],
    run: () => ({ outputs: { output: type } }),
  });
}

/** A user source that records what it was asked, so the tests see when it is skipped. */
function userSource(byUser: Record<string, NodeType[]>): UserNodeTypeSource & { asked: (string[] | undefined)[] } {
  const asked: (string[] | undefined)[] = [];
  return {
    asked,
    async nodeTypesFor(userId, types) {
      asked.push(types === undefined ? undefined : [...types]);
      const own = byUser[userId] ?? [];
      return types === undefined ? own : own.filter((n) => [...types].includes(n.type));
    },
  };
}

describe('NodeRegistry', () => {
  it('holds the installed packages in order, built-ins first', () => {
    const extra = node('acme:shout');
    const registry = new NodeRegistry([BUILTIN_PACKAGE, { name: 'acme nodes', nodes: [extra] }]);
    expect(registry.installed().map((n) => n.type)).toEqual([...BUILTIN_NODES.map((n) => n.type), 'acme:shout']);
    expect(registry.get('acme:shout')).toBe(extra);
    expect(registry.get('llm.chat')).toBe(BUILTIN_NODES.find((n) => n.type === 'llm.chat'));
    expect(registry.get('nope')).toBeUndefined();
  });

  it('refuses two packages defining the same type, naming both', () => {
    expect(() => new NodeRegistry([BUILTIN_PACKAGE, { name: 'acme nodes', nodes: [node('text.template')] }])).toThrow(
      'Node type "text.template" is defined by both Weft built-in nodes and acme nodes',
    );
  });

  it("adds a user's own types for that user only", async () => {
    const source = userSource({ ada: [node('custom:ada-1')] });
    const registry = new NodeRegistry([BUILTIN_PACKAGE], source);
    const ada = await registry.forUser('ada');
    expect(ada.get('custom:ada-1')?.title).toBe('custom:ada-1');
    expect(ada.all.at(-1)?.type).toBe('custom:ada-1');
    const bob = await registry.forUser('bob');
    expect(bob.get('custom:ada-1')).toBeUndefined();
    expect(bob.all).toBe(registry.installed());
  });

  it('asks the user source only for the types a document names that are not installed', async () => {
    const source = userSource({ ada: [node('custom:ada-1'), node('custom:ada-2')] });
    const registry = new NodeRegistry([BUILTIN_PACKAGE], source);
    await registry.forUser('ada', ['llm.chat', 'output']);
    expect(source.asked).toEqual([]);
    const set = await registry.forUser('ada', ['llm.chat', 'custom:ada-2']);
    expect(source.asked).toEqual([['custom:ada-2']]);
    expect(set.get('custom:ada-2')).toBeDefined();
    expect(set.get('custom:ada-1')).toBeUndefined();
  });

  it('gives a visitor the installed types without asking the user source', async () => {
    const source = userSource({});
    const registry = new NodeRegistry([BUILTIN_PACKAGE], source);
    expect((await registry.forUser(undefined)).all).toBe(registry.installed());
    expect(source.asked).toEqual([]);
  });

  it('keeps an installed type when a user type claims its name', async () => {
    const registry = new NodeRegistry([BUILTIN_PACKAGE], userSource({ ada: [node('llm.chat')] }));
    const set = await registry.forUser('ada');
    expect(set.get('llm.chat')).toBe(registry.get('llm.chat'));
    expect(set.all.filter((n) => n.type === 'llm.chat')).toHaveLength(1);
  });
});
