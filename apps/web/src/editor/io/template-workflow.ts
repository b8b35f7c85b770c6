import {
  applyEdit,
  CONVERTER_NODE_TYPE,
  defaultConfig,
  emptyWorkflow,
  type NodeDefinition,
  planConnection,
  type WorkflowDocument,
  type WorkflowNode,
} from '@weft/core';
import type { WorkflowTemplate } from '../../lib/templates';
import { autoLayout } from '../canvas/auto-layout';
import { newId, toEditorEdge, toEditorNode } from '../store/document-model';

/**
 * A new workflow from a gallery template (`/editor?template=<id>`): its nodes in a row,
 * each joined to the next through the connection rules, so the converters the template
 * lists are inserted by the same rule that inserts them by hand. Node types this server
 * does not offer are left out and reported, so the user gets a working start rather than
 * a canvas of error nodes.
 */
export function workflowFromTemplate(template: WorkflowTemplate, definitions: readonly NodeDefinition[]): { document: WorkflowDocument; missing: string[] } {
  const byType = new Map(definitions.map((d) => [d.type, d]));
  const missing: string[] = [];
  const placed: WorkflowNode[] = [];
  for (const item of template.nodes) {
    if (item.type === CONVERTER_NODE_TYPE || item.trigger) continue;
    const definition = byType.get(item.type);
    if (!definition) {
      missing.push(item.title);
      continue;
    }
    placed.push({
      id: newId('node'),
      type: 'custom',
      position: { x: placed.length * 330, y: 0 },
      data: { label: item.title, type: item.type, version: definition.version, config: defaultConfig(definition), status: 'idle' },
    });
  }
  let graph = { nodes: placed, edges: [] as WorkflowDocument['edges'] };
  for (let i = 1; i < placed.length; i++) {
    const source = placed[i - 1];
    const target = placed[i];
    const out = source && byType.get(source.data.type)?.outputs[0];
    const into = target && byType.get(target.data.type)?.inputs[0];
    if (!source || !target || !out || !into) continue;
    const plan = planConnection(graph, { source: source.id, sourceHandle: out.id, target: target.id, targetHandle: into.id }, definitions, () => newId('el'));
    if (plan.ok) graph = applyEdit(graph, plan.edit);
  }
  const positions = autoLayout(graph.nodes.map(toEditorNode), graph.edges.map(toEditorEdge));
  const nodes = graph.nodes.map((n) => ({ ...n, position: positions.get(n.id) ?? n.position }));
  return { document: { ...emptyWorkflow(template.name), nodes, edges: graph.edges }, missing };
}
