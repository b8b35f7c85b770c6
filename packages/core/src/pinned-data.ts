import type { DataType } from './data-types.js';
import type { NodeDefinition } from './node-definition.js';
import { outputPorts, portType } from './node-ports.js';
import type { WorkflowDocument } from './workflow.js';

/**
 * Pinned outputs (`document.pinData`): a node's outputs fixed by its owner, from a past
 * run or typed in, fed downstream instead of calling the node on manual runs. They must
 * be able to flow: each pin names a node of the workflow and one of its output ports,
 * and holds a value of that port's data type.
 */
export interface PinIssue {
  readonly nodeId: string;
  readonly port?: string;
  readonly message: string;
}

type Pins = NonNullable<WorkflowDocument['pinData']>;

/** Every pin that cannot fit, naming the node (by its label) and the port. Unknown node types are left to validateWorkflow. */
export function pinDataIssues(document: Pick<WorkflowDocument, 'nodes' | 'pinData'>, definitions: readonly NodeDefinition[]): PinIssue[] {
  const pins: Pins = document.pinData ?? {};
  const byType = new Map(definitions.map((definition) => [definition.type, definition]));
  const nodes = new Map(document.nodes.map((node) => [node.id, node]));
  const issues: PinIssue[] = [];
  for (const [nodeId, outputs] of Object.entries(pins)) {
    const node = nodes.get(nodeId);
    if (!node) {
      issues.push({ nodeId, message: `Pinned data names node "${nodeId}", which is not in the workflow. Unpin it or add the node.` });
      continue;
    }
    const definition = byType.get(node.data.type);
    if (!definition) continue;
    const name = node.data.label.trim() || node.id;
    const ports = outputPorts(definition);
    if (ports.length === 0) {
      issues.push({ nodeId, message: `Node "${name}" has no outputs, so it cannot have pinned data. Unpin it.` });
      continue;
    }
    for (const [portId, value] of Object.entries(outputs)) {
      const port = ports.find((candidate) => candidate.id === portId);
      if (!port) {
        const names = ports.map((candidate) => `"${candidate.id}"`).join(', ');
        issues.push({ nodeId, port: portId, message: `Node "${name}" has no output "${portId}" to pin (its outputs: ${names}).` });
        continue;
      }
      const type = portType(port, node.data.config);
      const problem = valueTypeProblem(type, value);
      if (problem) issues.push({ nodeId, port: portId, message: `Pinned data of node "${name}", output "${port.label}" (${type}): ${problem}.` });
    }
  }
  return issues;
}

/** Why `value` is not a value of `type` (data-values.ts), or undefined when it is one. */
export function valueTypeProblem(type: DataType, value: unknown): string | undefined {
  switch (type) {
    case 'any':
    case 'json':
      return value === undefined ? 'a value is needed' : undefined;
    case 'text':
      return typeof value === 'string' ? undefined : `expected text (a JSON string), got ${describe(value)}`;
    case 'query':
      return isObject(value) && typeof value.text === 'string' ? undefined : 'expected an object with a "text" string, e.g. { "text": "what is Weft?" }';
    case 'context':
      return isObject(value) && typeof value.text === 'string' && Array.isArray(value.sources) && value.sources.every((s) => typeof s === 'string')
        ? undefined
        : 'expected an object with a "text" string and a "sources" list of strings';
    case 'documents':
    case 'chunks':
    case 'results':
      return listProblem(type, value);
  }
}

function listProblem(type: 'documents' | 'chunks' | 'results', value: unknown): string | undefined {
  const example = type === 'results' ? '[{ "text": "…", "score": 0.9, "metadata": {} }]' : '[{ "text": "…", "metadata": {} }]';
  if (!Array.isArray(value)) return `expected a list like ${example}, got ${describe(value)}`;
  for (const [index, item] of value.entries()) {
    const fits = isObject(item) && typeof item.text === 'string' && isObject(item.metadata) && (type !== 'results' || typeof item.score === 'number');
    if (!fits) return `item ${index + 1} does not fit: expected ${example.slice(1, -1)}`;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
