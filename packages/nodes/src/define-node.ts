import type { NodeDefinition } from '@weft/core';

/**
 * A node type: its declarative definition. Implementations (`run`) join these objects
 * when the engine lands; until then the catalogue drives the editor and the docs.
 */
export type NodeType = NodeDefinition;

/** Identity helper that checks a node type literal against the schema. */
export function defineNode<T extends NodeType>(node: T): T {
  return node;
}
