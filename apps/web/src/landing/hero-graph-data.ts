import type { DataType, NodeCategory } from '@weft/core';
import type { IconName } from '../components/ui/named-icon';

/** The example workflow the hero draws: data only, laid out twice (wide and tall). */
export type GraphStatus = 'succeeded' | 'running' | 'idle';

export interface GraphNode {
  id: string;
  title: string;
  subtitle: string;
  icon: IconName;
  category: NodeCategory;
  status: GraphStatus;
  inputs: readonly DataType[];
  outputs: readonly DataType[];
}

export interface GraphEdge {
  from: string;
  fromPort: number;
  to: string;
  toPort: number;
  type: DataType;
  /** A converter Weft inserted automatically on this connection. */
  converter?: string;
  active: boolean;
}

export interface GraphLayout {
  orientation: 'horizontal' | 'vertical';
  width: number;
  height: number;
  nodeWidth: number;
  positions: Record<string, { x: number; y: number }>;
}

export const HERO_NODES: readonly GraphNode[] = [
  { id: 'schedule', title: 'Schedule', subtitle: 'Weekdays 09:00', icon: 'clock', category: 'Inputs', status: 'succeeded', inputs: [], outputs: ['json'] },
  {
    id: 'fetch',
    title: 'HTTP Request',
    subtitle: 'GET news feed',
    icon: 'globe',
    category: 'Integrations',
    status: 'succeeded',
    inputs: ['json'],
    outputs: ['documents'],
  },
  { id: 'kb', title: 'Vector Search', subtitle: 'Knowledge base', icon: 'database', category: 'RAG', status: 'succeeded', inputs: [], outputs: ['results'] },
  { id: 'llm', title: 'Summarise', subtitle: 'LLM Chat', icon: 'sparkles', category: 'AI', status: 'running', inputs: ['text', 'context'], outputs: ['text'] },
  { id: 'slack', title: 'Post to Slack', subtitle: '#daily-digest', icon: 'chat', category: 'Integrations', status: 'idle', inputs: ['text'], outputs: [] },
];

export const HERO_EDGES: readonly GraphEdge[] = [
  { from: 'schedule', fromPort: 0, to: 'fetch', toPort: 0, type: 'json', active: false },
  { from: 'fetch', fromPort: 0, to: 'llm', toPort: 0, type: 'documents', converter: 'Extract Text', active: true },
  { from: 'kb', fromPort: 0, to: 'llm', toPort: 1, type: 'results', converter: 'Format Context', active: true },
  { from: 'llm', fromPort: 0, to: 'slack', toPort: 0, type: 'text', active: false },
];

export const WIDE_LAYOUT: GraphLayout = {
  orientation: 'horizontal',
  width: 1060,
  height: 330,
  nodeWidth: 180,
  positions: {
    schedule: { x: 16, y: 40 },
    fetch: { x: 288, y: 40 },
    kb: { x: 288, y: 214 },
    llm: { x: 590, y: 124 },
    slack: { x: 862, y: 124 },
  },
};

export const TALL_LAYOUT: GraphLayout = {
  orientation: 'vertical',
  width: 360,
  height: 480,
  nodeWidth: 160,
  positions: {
    schedule: { x: 12, y: 24 },
    kb: { x: 188, y: 24 },
    fetch: { x: 12, y: 150 },
    llm: { x: 100, y: 282 },
    slack: { x: 100, y: 404 },
  },
};
