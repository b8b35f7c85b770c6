import type { WorkflowDocument, WorkflowSummary } from '@weft/core';
import { api } from '../lib/api';

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

/** The document of a stored workflow, without the API's bookkeeping (id, version, times). */
export function documentOf(workflow: ApiWorkflow): WorkflowDocument {
  const { id: _id, version: _version, createdAt: _created, updatedAt: _updated, ...document } = workflow;
  return document;
}

/** GET /api/workflows: the signed-in user's workflows. */
export async function fetchWorkflows(signal?: AbortSignal): Promise<WorkflowSummary[]> {
  return (await api<{ workflows: WorkflowSummary[] }>('/api/workflows', { signal })).workflows;
}

export function fetchWorkflow(id: string, signal?: AbortSignal): Promise<WorkflowAnswer> {
  return api<WorkflowAnswer>(workflowPath(id), { signal });
}

/** POST /api/workflows: a new workflow from a (possibly partial) document; the name defaults. */
export function createWorkflow(document: Partial<WorkflowDocument>): Promise<WorkflowAnswer> {
  return api<WorkflowAnswer>('/api/workflows', { method: 'POST', body: document });
}

/** PUT on top of `baseVersion`; a 409 (ApiError) when someone saved meanwhile. */
export function saveWorkflow(id: string, baseVersion: number | null, document: WorkflowDocument): Promise<WorkflowAnswer> {
  return api<WorkflowAnswer>(workflowPath(id), { method: 'PUT', body: { baseVersion, document } });
}

/** POST /api/workflows/import: a new workflow from an export file (parsed JSON); the server reads it whole. */
export function importWorkflow(file: unknown): Promise<WorkflowAnswer> {
  return api<WorkflowAnswer>('/api/workflows/import', { body: file });
}

export function duplicateWorkflow(id: string): Promise<WorkflowAnswer> {
  return api<WorkflowAnswer>(`${workflowPath(id)}/duplicate`, { method: 'POST' });
}

/** The export file as the server writes it (custom node types included). */
export function exportWorkflow(id: string): Promise<unknown> {
  return api<unknown>(`${workflowPath(id)}/export`);
}

export function deleteWorkflow(id: string): Promise<void> {
  return api<void>(workflowPath(id), { method: 'DELETE' });
}
