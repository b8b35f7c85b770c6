import type { ConfigField, ConfigOf, NodeConfigMigration, NodeDefinition } from '@weft/core';
import type { NodeRun } from './node-services.js';
import type { NodeTools } from './tools/agent-tool.js';

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
  /**
   * The tools a node of this type offers an Agent, for a type whose tools are known only at
   * run time (MCP Tools). Without it, a type with `toolUse` is one tool derived from its
   * declaration and run through `run` (tools/node-tools.ts). Never crosses the wire.
   */
  readonly tools?: NodeTools;
}

/** A node type as written: its `run` reads the config its own `config` fields describe. */
export interface NodeSpec<Fields extends readonly ConfigField[]> extends Omit<NodeType, 'config' | 'run'> {
  readonly config: Fields;
  readonly run?: NodeRun<ConfigOf<Fields>>;
}

/**
 * Checks a node type literal against the schema. `run` is typed by the node's fields
 * (core's `ConfigOf`): the host hands it the stored config through `configWithDefaults`
 * and refuses a run whose config `configIssues` faults (the server's plan-run.ts), which is
 * what that type promises, so the registry may hold it as a plain {@link NodeType}.
 */
export function defineNode<const Fields extends readonly ConfigField[]>(node: NodeSpec<Fields>): NodeType {
  return node as NodeType;
}

/**
 * A node's config fields with their literal keys, defaults and option values kept, so
 * `ConfigOf<typeof fields>` types what its `run` reads. Declare them beside the node,
 * apart from `defineNode`, so the run file can import that type.
 */
export function defineConfig<const Fields extends readonly ConfigField[]>(fields: Fields): Fields {
  return fields;
}

/**
 * A select field's options written as one `{ value: label }` table, in display order
 * (values are names, never numbers, so the order is the one written). The values keep
 * their literal types, so `ConfigOf` reads the field as their union.
 */
export function choices<const Labels extends Readonly<Record<string, string>>>(
  labels: Labels,
): readonly { readonly value: keyof Labels & string; readonly label: string }[] {
  return Object.entries(labels).map(([value, label]) => ({ value: value as keyof Labels & string, label }));
}
