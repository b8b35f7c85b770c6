import { useQuery } from '@tanstack/react-query';
import type { Conversion, NodeDefinition } from '@weft/core';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';

/** GET /api/node-definitions (docs/API.md). */
export interface NodeDefinitionsResponse {
  definitions: NodeDefinition[];
  dataTypes?: unknown;
  conversions?: Conversion[];
}

/** The node catalogue as the server sent it; the editor checks its shape (node-definitions-cache.ts). */
export function fetchNodeDefinitions(signal?: AbortSignal): Promise<unknown> {
  return api<unknown>('/api/node-definitions', { signal });
}

/**
 * The catalogue for pages that only read it (the docs). The editor's own hook
 * (editor/useNodeDefinitions.ts) adds a stored copy and shares this query key, so
 * whichever loads first serves both.
 */
export function useNodeDefinitions() {
  return useQuery({
    queryKey: queryKeys.nodeDefinitions,
    queryFn: ({ signal }) => fetchNodeDefinitions(signal) as Promise<NodeDefinitionsResponse>,
    staleTime: 5 * 60_000,
  });
}
