import { applyEdit, planConnection } from '../connect.js';
import { defaultConfig, type NodeDefinition } from '../node-definition.js';
import { emptyWorkflow, type WorkflowDocument, type WorkflowNode } from '../workflow.js';
import type { WorkflowTemplate } from './workflow-template.js';

export interface BuiltTemplate {
  readonly document: WorkflowDocument;
  /** What could not be built on this server (an unknown node type, a refused connection). */
  readonly problems: readonly string[];
}

/** Room between columns for the converter a connection may insert at its midpoint. */
const COLUMN = 520;
const ROW = 240;

/**
 * The workflow a template describes, with fresh ids: each node's config is its
 * definition's defaults under the template's values, and each connection goes through
 * {@link planConnection}, so converters and mergers appear exactly as when drawn by hand.
 * Nodes sit in columns by their distance from the start; the editor lays them out again.
 */
export function buildWorkflowFromTemplate(template: WorkflowTemplate, definitions: readonly NodeDefinition[], newId: () => string): BuiltTemplate {
  const byType = new Map(definitions.map((d) => [d.type, d]));
  const problems: string[] = [];
  const ids = new Map<string, string>();
  const columns = columnsOf(template);
  const rowsUsed = new Map<number, number>();
  const nodes: WorkflowNode[] = [];
  for (const item of template.nodes) {
    const definition = byType.get(item.type);
    if (!definition) {
      problems.push(`${item.label}: this server has no "${item.type}" node`);
      continue;
    }
    const column = columns.get(item.key) ?? 0;
    const row = rowsUsed.get(column) ?? 0;
    rowsUsed.set(column, row + 1);
    const id = newId();
    ids.set(item.key, id);
    nodes.push({
      id,
      type: 'custom',
      position: { x: column * COLUMN, y: row * ROW },
      data: {
        label: item.label,
        ...(item.description ? { description: item.description } : {}),
        type: item.type,
        version: definition.version,
        config: { ...defaultConfig(definition), ...item.config },
        status: 'idle',
      },
    });
  }
  let graph: Pick<WorkflowDocument, 'nodes' | 'edges'> = { nodes, edges: [] };
  for (const connection of template.connections) {
    const source = ids.get(connection.from.node);
    const target = ids.get(connection.to.node);
    if (!source || !target) continue;
    const plan = planConnection(graph, { source, sourceHandle: connection.from.port, target, targetHandle: connection.to.port }, definitions, newId);
    if (plan.ok) graph = applyEdit(graph, plan.edit);
    else problems.push(`${connection.from.node} → ${connection.to.node}: ${plan.reason}`);
  }
  const globalParameters = Object.fromEntries(template.parameters.map((p) => [p.key, { key: p.key, value: p.value, description: p.description }]));
  return { document: { ...emptyWorkflow(template.name), nodes: graph.nodes, edges: graph.edges, globalParameters }, problems };
}

/** Longest distance from a node with no incoming connection, per template node key. */
function columnsOf(template: WorkflowTemplate): Map<string, number> {
  const columns = new Map<string, number>(template.nodes.map((n) => [n.key, 0]));
  // Templates are small and acyclic: relaxing once per node settles every distance.
  for (let pass = 0; pass < template.nodes.length; pass++) {
    for (const { from, to } of template.connections) {
      const next = (columns.get(from.node) ?? 0) + 1;
      if (next > (columns.get(to.node) ?? 0)) columns.set(to.node, next);
    }
  }
  return columns;
}
