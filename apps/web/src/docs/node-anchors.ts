import { useQuery } from '@tanstack/react-query';
import type { Conversion, NodeDefinition } from '@weft/core';
import { api } from '../lib/api';

/** GET /api/node-definitions (docs/API.md). */
export interface NodeDefinitionsResponse {
  definitions: NodeDefinition[];
  dataTypes?: unknown;
  conversions?: Conversion[];
}

export const NODE_DEFINITIONS_QUERY_KEY = ['node-definitions'] as const;

export function useNodeDefinitions() {
  return useQuery({
    queryKey: NODE_DEFINITIONS_QUERY_KEY,
    queryFn: ({ signal }) => api<NodeDefinitionsResponse>('/api/node-definitions', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Anchor id of a node's entry, e.g. `node-llm-chat` for `llm.chat`. */
export function nodeAnchor(type: string): string {
  return `node-${type.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;
}

export function categoryAnchor(category: string): string {
  return `category-${category.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;
}
