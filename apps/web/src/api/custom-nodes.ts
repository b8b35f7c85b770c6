import type { QueryClient } from '@tanstack/react-query';
import type { ConfigField, DataType, PortDefinition } from '@weft/core';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';

/** A custom node type as `GET /api/custom-nodes` shows it (docs/API.md). */
export interface CustomNodeType {
  id: string;
  type: string;
  version: number;
  title: string;
  category: string;
  description: string;
  inputs: PortDefinition[];
  outputs: PortDefinition[];
  config: ConfigField[];
  code: string;
  createdAt: string;
  updatedAt: string;
}

/** The body of `POST /api/custom-nodes` and `PUT /api/custom-nodes/:id`. */
export interface CustomNodeRequest {
  title: string;
  description: string;
  inputs: { id: string; label: string; type: DataType; optional?: true }[];
  outputs: { id: string; label: string; type: DataType }[];
  config: Record<string, unknown>[];
  code: string;
}

/** `POST /api/custom-nodes/import`: file type id → the caller's type id; how many were new. */
export interface CustomNodeImportAnswer {
  types: Record<string, string>;
  created: number;
}

/** The caller's custom node types, fresh: edit and delete need the id and code behind a library entry. */
export function fetchCustomNodes(queryClient: QueryClient): Promise<CustomNodeType[]> {
  return queryClient.fetchQuery({
    queryKey: queryKeys.customNodes,
    queryFn: async ({ signal }) => (await api<{ customNodes: CustomNodeType[] }>('/api/custom-nodes', { signal })).customNodes,
    staleTime: 0,
  });
}

/** Creates (or finds) the carried types of a workflow file in the caller's account; throws the API's refusal. */
export function importCustomNodes(list: readonly unknown[]): Promise<CustomNodeImportAnswer> {
  return api<CustomNodeImportAnswer>('/api/custom-nodes/import', { method: 'POST', body: { customNodes: list } });
}
