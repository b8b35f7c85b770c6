import type { WorkflowDocument } from '@weft/core';
import type { LoadedWorkflow } from '../store/editor-state';

/** A stored workflow as the API returns it (docs/API.md, GET /api/workflows/:id). */
export interface ApiWorkflow extends WorkflowDocument {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface WorkflowAnswer {
  workflow: ApiWorkflow;
}

export const workflowPath = (id: string) => `/api/workflows/${encodeURIComponent(id)}`;

export function toLoaded(workflow: ApiWorkflow): LoadedWorkflow {
  const { id, version, createdAt: _created, updatedAt: _updated, ...document } = workflow;
  return { id, version, document };
}
