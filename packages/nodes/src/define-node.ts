import type { NodeConfigMigration, NodeDefinition } from '@weft/core';
import type { NodeRun } from './node-services.js';

/**
 * A node type: its declarative definition plus `run`, the implementation. The server
 * strips `run` before sending definitions to the browser (it never crosses the wire).
 * A definition with `preview: true` has no `run` yet, and the server refuses to run it.
 */
export interface NodeType extends NodeDefinition {
  readonly run?: NodeRun;
  /**
   * Upgrades the config of a node saved by an older `version` of this type; set it when
   * bumping `version` changes the config's shape. Stored documents are read through core's
   * `readWorkflowDocument`, which calls it. Like `run`, it never crosses the wire.
   */
  readonly migrate?: NodeConfigMigration['migrate'];
}

/** Identity helper that checks a node type literal against the schema. */
export function defineNode<T extends NodeType>(node: T): T {
  return node;
}
