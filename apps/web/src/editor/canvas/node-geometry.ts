import { inputPorts, type NodeDefinition, outputPorts } from '@weft/core';
import { Position } from '@xyflow/react';
import { NODE_WIDTH } from './flow-config';
import { nodeSummary } from './node-summary';

/**
 * The node card's box model in pixels, the same numbers NodeCard.tsx and NodePorts.tsx
 * draw with. From them the canvas knows a node's size and handle positions before the
 * browser has measured it, so React Flow can place edges and skip off-screen nodes
 * without rendering all of them first (the 1,000-node target of issue 3).
 */
export const CARD = {
  border: 1,
  header: 52,
  /** The one-line config summary and the gap under it. */
  summary: 24 + 8,
  /** Top border and vertical padding of the ports block. */
  portsChrome: 1 + 6 + 6,
  portRow: 28,
  handle: 12,
} as const;

export interface EstimatedHandle {
  id: string;
  type: 'source' | 'target';
  position: Position;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface NodeGeometry {
  width: number;
  height: number;
  handles: EstimatedHandle[];
}

export function nodeGeometry(definition: NodeDefinition, config: Readonly<Record<string, unknown>>): NodeGeometry {
  const inputs = inputPorts(definition, config);
  const outputs = outputPorts(definition);
  const rows = Math.max(inputs.length, outputs.length);
  const portsTop = CARD.border + CARD.header + (nodeSummary(definition, config) ? CARD.summary : 0);
  const firstRowTop = portsTop + 1 + 6;
  const height = portsTop + (rows > 0 ? CARD.portsChrome + rows * CARD.portRow : 0) + CARD.border;
  const half = CARD.handle / 2;
  const handleAt = (id: string, type: 'source' | 'target', row: number): EstimatedHandle => ({
    id,
    type,
    position: type === 'target' ? Position.Left : Position.Right,
    x: type === 'target' ? CARD.border - half : NODE_WIDTH - CARD.border - half,
    y: firstRowTop + row * CARD.portRow + CARD.portRow / 2 - half,
    width: CARD.handle,
    height: CARD.handle,
  });
  return {
    width: NODE_WIDTH,
    height,
    handles: [...inputs.map((p, i) => handleAt(p.id, 'target', i)), ...outputs.map((p, i) => handleAt(p.id, 'source', i))],
  };
}
