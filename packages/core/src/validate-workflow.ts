import { findConversion, typesMatch } from './data-types.js';
import { findCycle } from './find-cycle.js';
import type { NodeDefinition } from './node-definition.js';
import { inputPorts, outputPorts, portType } from './node-ports.js';
import { WORKFLOW_SCHEMA_VERSION, type WorkflowEdge, type WorkflowNode } from './workflow.js';

/** What can be wrong with the graph of a schema-valid workflow document. */
export type WorkflowIssueCode =
  | 'newer_schema_version'
  | 'duplicate_node_id'
  | 'unknown_node_type'
  | 'duplicate_edge_id'
  | 'unknown_edge_source'
  | 'unknown_edge_target'
  | 'unknown_source_handle'
  | 'unknown_target_handle'
  | 'incompatible_types'
  | 'cycle';

/** One problem, with a message for a person and the node or edge to point at. */
export interface WorkflowIssue {
  readonly code: WorkflowIssueCode;
  readonly message: string;
  readonly nodeId?: string;
  readonly edgeId?: string;
}

/** The parts of a document the graph checks read. */
export interface WorkflowGraph {
  readonly nodes: readonly WorkflowNode[];
  readonly edges: readonly WorkflowEdge[];
  readonly schemaVersion?: number;
}

/**
 * Checks what the document schema cannot: the document is not newer than this code,
 * node ids are unique and every node type is in the catalogue, every edge joins
 * existing nodes through handles those nodes have, and the graph has no cycle.
 * Definitions are a parameter because the catalogue differs per caller (built-ins now,
 * a user's custom nodes later). Returns every issue found, nodes first, then edges, then
 * one cycle; an empty list means the graph is sound.
 * Connected ports must have matching types (equal, or either `any`), with config-typed
 * ports (converters, mergers) resolved through `portType`; a direct edge between
 * convertible types is refused with the converter that belongs between them.
 */
export function validateWorkflow(document: WorkflowGraph, definitions: readonly NodeDefinition[]): WorkflowIssue[] {
  const issues: WorkflowIssue[] = [];
  const newer = newerDocumentIssue(document.schemaVersion);
  if (newer) return [newer];

  const byType = new Map(definitions.map((d) => [d.type, d]));
  // Node id → its definition, or null when the type is unknown (already reported).
  const nodes = new Map<string, { definition: NodeDefinition | null; config: Record<string, unknown> }>();
  for (const node of document.nodes) {
    if (nodes.has(node.id)) {
      issues.push({ code: 'duplicate_node_id', nodeId: node.id, message: `Node id "${node.id}" is used by more than one node` });
      continue;
    }
    const definition = byType.get(node.data.type) ?? null;
    if (!definition) issues.push({ code: 'unknown_node_type', nodeId: node.id, message: `Node "${node.id}" has unknown type "${node.data.type}"` });
    nodes.set(node.id, { definition, config: node.data.config });
  }

  const edgeIds = new Set<string>();
  const soundEdges: { id: string; source: string; target: string }[] = [];
  for (const edge of document.edges) {
    const issue = edgeIssue(edge, edgeIds, nodes);
    edgeIds.add(edge.id);
    if (issue) issues.push(issue);
    else soundEdges.push(edge);
  }

  const cycle = findCycle([...nodes.keys()], soundEdges);
  if (cycle) {
    issues.push({
      code: 'cycle',
      edgeId: cycle.edgeId,
      message: `Edge "${cycle.edgeId}" closes a loop (${cycle.path.join(' → ')}); a workflow's connections must not lead back to an earlier node`,
    });
  }
  return issues;
}

/**
 * The refusal of a document written by a newer Weft than this one, or undefined when
 * this code understands `schemaVersion` (missing counts as understood: it predates the field).
 */
export function newerDocumentIssue(schemaVersion: number | undefined): WorkflowIssue | undefined {
  if (schemaVersion === undefined || schemaVersion <= WORKFLOW_SCHEMA_VERSION) return undefined;
  return {
    code: 'newer_schema_version',
    message: `This workflow uses document version ${schemaVersion}, newer than this Weft understands (${WORKFLOW_SCHEMA_VERSION}). Upgrade Weft to open it.`,
  };
}

function edgeIssue(
  edge: WorkflowGraph['edges'][number],
  seen: ReadonlySet<string>,
  nodes: ReadonlyMap<string, { definition: NodeDefinition | null; config: Record<string, unknown> }>,
): WorkflowIssue | undefined {
  const at = { edgeId: edge.id };
  if (seen.has(edge.id)) return { ...at, code: 'duplicate_edge_id', message: `Edge id "${edge.id}" is used by more than one edge` };
  const source = nodes.get(edge.source);
  if (!source) return { ...at, code: 'unknown_edge_source', message: `Edge "${edge.id}" starts at node "${edge.source}", which is not in the workflow` };
  const target = nodes.get(edge.target);
  if (!target) return { ...at, code: 'unknown_edge_target', message: `Edge "${edge.id}" ends at node "${edge.target}", which is not in the workflow` };
  if (source.definition && !outputPorts(source.definition).some((p) => p.id === edge.sourceHandle)) {
    return {
      ...at,
      code: 'unknown_source_handle',
      message: `Edge "${edge.id}" starts at output "${edge.sourceHandle}", which node "${edge.source}" (${source.definition.title}) does not have`,
    };
  }
  const into = target.definition ? inputPorts(target.definition, target.config).find((p) => p.id === edge.targetHandle) : undefined;
  if (target.definition && !into) {
    return {
      ...at,
      code: 'unknown_target_handle',
      message: `Edge "${edge.id}" ends at input "${edge.targetHandle}", which node "${edge.target}" (${target.definition.title}) does not have`,
    };
  }
  const out = source.definition ? outputPorts(source.definition).find((p) => p.id === edge.sourceHandle) : undefined;
  if (out && into) {
    const from = portType(out, source.config);
    const to = portType(into, target.config);
    if (!typesMatch(from, to)) {
      const conversion = findConversion(from, to);
      const fix = conversion
        ? `; connect them again in the editor, which inserts the “${conversion.label}” converter between them`
        : '; no conversion exists between these types';
      return {
        ...at,
        code: 'incompatible_types',
        message: `Edge "${edge.id}" connects a ${from} output of node "${edge.source}" to a ${to} input of node "${edge.target}"${fix}`,
      };
    }
  }
  return undefined;
}
