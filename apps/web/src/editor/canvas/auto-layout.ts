import dagre from '@dagrejs/dagre';
import { type NodeDefinition, RUN_OUTPUT_NODE_TYPE } from '@weft/core';
import type { XYPosition } from '@xyflow/react';
import type { EditorEdge, EditorNode } from '../store/types';
import { SNAP_GRID } from './flow-config';
import { canvasBoxes } from './new-node-spot';

const RANK_GAP = 90;
const NODE_GAP = 40;
/**
 * What a card grows by once a run has shown its result (NodeResultLine): one line, or an
 * Output's few lines. Kept free under cards not drawn yet (a template, an import), so the
 * first run's results cover no card below.
 */
const RESULT_ROOM = { line: 28, output: 90 };

/**
 * Left-to-right layered layout (dagre), positions snapped to the canvas grid. Uses each
 * node's measured size, else the size its card draws at (with the catalogue, so a
 * template laid out before anything is drawn gets room for its tall nodes) and room for
 * its result. Pure: returns positions by node id; the store applies them as one undo step.
 */
export function autoLayout(
  nodes: readonly EditorNode[],
  edges: readonly EditorEdge[],
  definitions: ReadonlyMap<string, NodeDefinition> = new Map(),
): Map<string, XYPosition> {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'LR', ranksep: RANK_GAP, nodesep: NODE_GAP, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  const boxes = canvasBoxes(nodes, definitions);
  for (const [i, node] of nodes.entries()) {
    const box = boxes[i];
    if (!box) continue;
    const room = node.measured?.height !== undefined ? 0 : node.data.type === RUN_OUTPUT_NODE_TYPE ? RESULT_ROOM.output : RESULT_ROOM.line;
    graph.setNode(node.id, { width: box.width, height: box.height + room });
  }
  for (const edge of edges) {
    if (graph.hasNode(edge.source) && graph.hasNode(edge.target)) graph.setEdge(edge.source, edge.target);
  }
  dagre.layout(graph);
  const [gx, gy] = SNAP_GRID;
  const positions = new Map<string, XYPosition>();
  for (const node of nodes) {
    const laid = graph.node(node.id);
    if (!laid) continue;
    // dagre gives centres; React Flow positions are top-left corners.
    positions.set(node.id, {
      x: Math.round((laid.x - laid.width / 2) / gx) * gx,
      y: Math.round((laid.y - laid.height / 2) / gy) * gy,
    });
  }
  return positions;
}
