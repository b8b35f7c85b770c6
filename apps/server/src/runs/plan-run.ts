import {
  configIssues,
  configWithDefaults,
  type ExecutionEdge,
  type ExecutionNode,
  inputPorts,
  isBlankConfigValue,
  type NodeSettings,
  type SeededOutputs,
  splitToolNodes,
  type WorkflowDocument,
} from '@weft/core';
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

interface CheckedConfig {
  /** The stored config with its definition's defaults filled in: what `run` gets. */
  readonly runConfig: Readonly<Record<string, unknown>>;
  /** The first issue (and how many more), or undefined when the config is fine. */
  readonly problem: string | undefined;
  /** Whether it holds a `{{secrets.…}}` or `{{params.…}}` placeholder for the host to fill. */
  readonly templated: boolean;
}

/**
 * Per node definition and stored config object. A workflow's parsed document is shared by
 * its runs while its text is the same (workflows/run-document-cache.ts), so a busy webhook
 * checks and defaults each config once, and the defaulted object stays the same one run
 * after run (the Template node compiles its template once per config object).
 */
const checkedConfigs = new WeakMap<object, WeakMap<object, CheckedConfig>>();

function checkedConfig(definition: NodeType, config: Readonly<Record<string, unknown>>): CheckedConfig {
  let byConfig = checkedConfigs.get(definition);
  if (!byConfig) {
    byConfig = new WeakMap();
    checkedConfigs.set(definition, byConfig);
  }
  const known = byConfig.get(config);
  if (known) return known;
  // Defaults first: a field the stored config lacks takes its definition's default.
  const runConfig = configWithDefaults(definition, config);
  const [issue, ...more] = configIssues(definition, runConfig);
  const others = more.length > 0 ? ` (and ${more.length} more setting${more.length === 1 ? '' : 's'})` : '';
  const checked = { runConfig, problem: issue ? `${issue.message}${others}` : undefined, templated: hasPlaceholder(runConfig) };
  byConfig.set(config, checked);
  return checked;
}

/**
 * Checks that every node can run and builds the engine's input. Refuses, naming the
 * node, an unknown type, a preview type (no implementation yet), a required input with
 * nothing connected and a config its definition refuses (a required field left empty, a
 * value that does not fit; core `configIssues`, the rule the editor's form and the save
 * check use): these fail every time, so the run is not started at all. Nodes in `seeded`
 * are not called (pinned or reused outputs), so their config is not checked. Each node's
 * `run` gets its config with the definition's defaults filled in.
 */
export function planRun(
  document: WorkflowDocument,
  nodeType: (type: string) => NodeType | undefined,
  seeded: Readonly<Record<string, unknown>> = {},
): PlanResult {
  const nodes: ExecutionNode[] = [];
  const templated = new Set<string>();
  const settings = new Map<string, NodeSettings>();
  const connected = new Set<string>();
  for (const edge of document.edges) connected.add(`${edge.target}\u0000${edge.targetHandle}`);
  const optional = isOptionalInput(nodeType);
  const split = splitToolNodes(
    document.nodes.map((node) => ({ id: node.id, type: node.data.type, label: node.data.label })),
    document.edges,
    nodeType,
  );
  if (!split.ok) return { ok: false, message: split.message };
  /** Nodes lent to an agent: planned like the others, then handed to it rather than run. */
  const tools = new Map<string, ExecutionNode>();

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
    const { runConfig, problem, templated: hasTemplate } = checkedConfig(definition, config);
    const description = node.data.description?.trim();
    const executionNode: ExecutionNode = { id: node.id, type, config: runConfig, ...(label ? { label } : {}), ...(description ? { description } : {}) };
    if (split.toolNodes.has(node.id)) {
      // A tool's empty argument fields are the model's to fill, and its inputs come from the model.
      const toolProblem = toolConfigProblem(definition, runConfig);
      if (toolProblem) return { ok: false, message: `Tool ${name} cannot run: ${toolProblem}. Open its settings to fix it, then run again.` };
      if (hasTemplate) templated.add(node.id);
      tools.set(node.id, node.data.requireApproval ? { ...executionNode, requireApproval: true } : executionNode);
      continue;
    }
    if (problem && !Object.hasOwn(seeded, node.id)) {
      return { ok: false, message: `Node ${name} cannot run: ${problem}. Open its settings to fix it, then run again.` };
    }
    for (const port of inputPorts(definition, runConfig)) {
      if (!connected.has(`${node.id}\u0000${port.id}`) && !optional(executionNode, port.id)) {
        return { ok: false, message: `Node ${name} needs its "${port.label}" input connected before the workflow can run.` };
      }
    }
    if (hasTemplate) templated.add(node.id);
    if (node.data.settings) settings.set(node.id, node.data.settings);
    nodes.push(executionNode);
  }

  // Stored edges carry the engine's fields (and a few for the editor, which it ignores).
  let edges: readonly ExecutionEdge[] = document.edges;
  if (split.toolNodes.size > 0) {
    edges = edges.filter((edge) => !split.toolNodes.has(edge.source));
    for (const [index, node] of nodes.entries()) {
      const lent = split.toolsOf.get(node.id);
      if (lent) nodes[index] = { ...node, tools: lent.map((id) => tools.get(id)).filter((tool): tool is ExecutionNode => tool !== undefined) };
    }
  }
  return { ok: true, plan: { nodes, edges, nodeType, isOptionalInput: optional, templated, settings, seeded: {} } };
}

/** The first issue of a tool node's config, leaving out the empty fields its model fills (`toolUse.arguments`). */
function toolConfigProblem(definition: NodeType, config: Readonly<Record<string, unknown>>): string | undefined {
  const filledByModel = new Set((definition.toolUse?.arguments ?? []).filter((argument) => argument.from === 'config').map((argument) => argument.key));
  const issue = configIssues(definition, config).find((candidate) => !(filledByModel.has(candidate.key) && isBlankConfigValue(config[candidate.key])));
  return issue?.message;
}
