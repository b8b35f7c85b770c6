import type { NodeDefinition } from '@weft/core';
import type { NodeRun } from './node-services.js';

/**
 * A node type: its declarative definition plus `run`, the implementation. The server
 * strips `run` before sending definitions to the browser (it never crosses the wire).
 * A definition with `preview: true` has no `run` yet, and the server refuses to run it.
 */
export interface NodeType extends NodeDefinition {
  readonly run?: NodeRun;
}

/** Identity helper that checks a node type literal against the schema. */
export function defineNode<T extends NodeType>(node: T): T {
  return node;
}
