import type { NodeDefinition } from '@weft/core';
import type { EditorNode } from '../store/types';
import { nodeGeometry } from './node-geometry';

const derived = new WeakMap<EditorNode, EditorNode>();

/**
 * The node React Flow gets. Until the browser has measured a node, it carries its
 * estimated size and handle positions (node-geometry.ts), so React Flow can draw its
 * edges and leave it unrendered while it is off-screen (onlyRenderVisibleElements).
 * Measured nodes pass through unchanged, so React Flow keeps the measured handles.
 * Cached per store node, so an unchanged node stays the same object between renders.
 */
export function toFlowNode(node: EditorNode, definition: NodeDefinition | undefined): EditorNode {
  if (node.measured?.width !== undefined || !definition) return node;
  let flow = derived.get(node);
  if (!flow) {
    const geometry = nodeGeometry(definition, node.data.config);
    flow = { ...node, initialWidth: geometry.width, initialHeight: geometry.height, handles: geometry.handles };
    derived.set(node, flow);
  }
  return flow;
}
