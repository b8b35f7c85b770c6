import { buildWorkflowFromTemplate, type NodeDefinition, type WorkflowDocument, type WorkflowTemplate } from '@weft/core';
import { autoLayout } from '../canvas/auto-layout';
import { newId, toEditorEdge, toEditorNode } from '../store/document-model';

/**
 * The workflow "Use template" creates: core builds it from the template through the
 * connection rules (converters and mergers as if drawn by hand), then the editor's own
 * layout places it. `problems` names what this server cannot build (an unknown node type).
 */
export function workflowFromTemplate(
  template: WorkflowTemplate,
  definitions: readonly NodeDefinition[],
): { document: WorkflowDocument; problems: readonly string[] } {
  const { document, problems } = buildWorkflowFromTemplate(template, definitions, () => newId('node'));
  const byType = new Map(definitions.map((d) => [d.type, d]));
  const positions = autoLayout(document.nodes.map(toEditorNode), document.edges.map(toEditorEdge), byType);
  return { document: { ...document, nodes: document.nodes.map((n) => ({ ...n, position: positions.get(n.id) ?? n.position })) }, problems };
}
