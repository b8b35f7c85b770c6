import { type ExecutionEdge, type ExecutionNode, inputPorts, type NodeSettings, type SeededOutputs, type WorkflowDocument } from '@weft/core';
import { isOptionalInput, type NodeType } from '@weft/nodes';
import { hasPlaceholder } from './resolve-config.js';

/** A stored workflow turned into what the engine runs. */
export interface RunPlan {
  readonly nodes: readonly ExecutionNode[];
  readonly edges: readonly ExecutionEdge[];
  readonly nodeType: (type: string) => NodeType | undefined;
  readonly isOptionalInput: (node: ExecutionNode, handle: string) => boolean;
  /** Nodes whose config holds `{{…}}` somewhere, to fill before they run. */
  readonly templated: ReadonlySet<string>;
  /** Node-level run settings (retries, wait, timeout) by node id, for nodes that have any. */
  readonly settings: ReadonlyMap<string, NodeSettings>;
  /** Nodes not called: pinned, or fed an earlier run's outputs (scope-run.ts). */
  readonly seeded: Readonly<Record<string, SeededOutputs>>;
}

export type PlanResult = { ok: true; plan: RunPlan } | { ok: false; message: string };

/** The node types a document uses, for the node-type lookup. */
export function typesOf(document: WorkflowDocument): Set<string> {
  return new Set(document.nodes.map((node) => node.data.type));
}

/**
 * Checks that every node can run and builds the engine's input. Refuses, naming the
 * node, an unknown type, a preview type (no implementation yet) and a required input
 * with nothing connected: these fail every time, so the run is not started at all.
 */
export function planRun(document: WorkflowDocument, nodeType: (type: string) => NodeType | undefined): PlanResult {
  const nodes: ExecutionNode[] = [];
  const templated = new Set<string>();
  const settings = new Map<string, NodeSettings>();
  const connected = new Set<string>();
  for (const edge of document.edges) connected.add(`${edge.target}\u0000${edge.targetHandle}`);
  const optional = isOptionalInput(nodeType);

  for (const node of document.nodes) {
    const { type, config, label } = node.data;
    const name = label ? `"${label}"` : `"${node.id}"`;
    const definition = nodeType(type);
    if (!definition) {
      return { ok: false, message: `Node ${name} has type "${type}", which this server does not know. Remove the node or add the node type, then run again.` };
    }
    if (!definition.run) {
      const kind = label === definition.title ? '' : ` (${definition.title})`;
      return { ok: false, message: `Node ${name}${kind} cannot run yet: it is a preview of a later release. Remove it to run the workflow.` };
    }
    const executionNode: ExecutionNode = { id: node.id, type, config, ...(label ? { label } : {}) };
    for (const port of inputPorts(definition, config)) {
      if (!connected.has(`${node.id}\u0000${port.id}`) && !optional(executionNode, port.id)) {
        return { ok: false, message: `Node ${name} needs its "${port.label}" input connected before the workflow can run.` };
      }
    }
    if (hasPlaceholder(config)) templated.add(node.id);
    if (node.data.settings) settings.set(node.id, node.data.settings);
    nodes.push(executionNode);
  }

  // Stored edges carry the engine's fields (and a few for the editor, which it ignores).
  const edges: readonly ExecutionEdge[] = document.edges;
  return { ok: true, plan: { nodes, edges, nodeType, isOptionalInput: optional, templated, settings, seeded: {} } };
}
