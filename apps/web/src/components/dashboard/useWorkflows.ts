import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_WORKFLOW_NAME, isActiveStatus, UNTITLED_WORKFLOW_NAME } from '@weft/core';
import { useNavigate } from 'react-router';
import { api, errorMessage } from '../../lib/api';
import { downloadJson, safeFileName } from '../../lib/download';
import { confirmDialog } from '../../stores/confirm.store';
import { toast } from '../../stores/toast.store';
import { runStatusLook, type WorkflowSummary } from './workflow-summary';

export const WORKFLOWS_QUERY_KEY = ['workflows'] as const;

interface CreatedWorkflow {
  workflow: { id: string; name: string };
}

/** The signed-in user's workflows (GET /api/workflows). */
export function useWorkflowList() {
  return useQuery({
    queryKey: WORKFLOWS_QUERY_KEY,
    queryFn: async ({ signal }) => (await api<{ workflows: WorkflowSummary[] }>('/api/workflows', { signal })).workflows,
  });
}

/**
 * "New workflow": creates an empty one and opens it in the editor. The first is "My First
 * Automation"; later ones are "Untitled Workflow", so a dashboard does not fill up with
 * first automations (SPEC.md §3 names a cleared workflow so too).
 */
export function useCreateWorkflow() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      const existing = queryClient.getQueryData<WorkflowSummary[]>(WORKFLOWS_QUERY_KEY);
      const name = existing && existing.length > 0 ? UNTITLED_WORKFLOW_NAME : DEFAULT_WORKFLOW_NAME;
      return api<CreatedWorkflow>('/api/workflows', { method: 'POST', body: { name } });
    },
    onSuccess: ({ workflow }) => {
      void queryClient.invalidateQueries({ queryKey: WORKFLOWS_QUERY_KEY });
      navigate(`/workflow/${workflow.id}`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not create the workflow.')),
  });
}

/** Thrown (and shown) when the chosen file is not JSON; the server is not asked. */
class InvalidJsonFile extends Error {}

/** "Import from JSON": reads a file, checks it parses, and posts it to the server. */
export function useImportWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await file.text());
      } catch {
        throw new InvalidJsonFile('That file is not valid JSON.');
      }
      return api<CreatedWorkflow>('/api/workflows/import', { body: parsed });
    },
    onSuccess: ({ workflow }) => {
      toast.success(`Imported “${workflow.name}”.`);
      void queryClient.invalidateQueries({ queryKey: WORKFLOWS_QUERY_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not import the workflow.')),
  });
}

/**
 * Run from the list: runs with no run inputs (a Text Input asking for one uses its own
 * text) and waits for the end (`?wait=true`; a long run answers while still going), so the
 * row's last run is fresh when the list is fetched again.
 */
export function useRunWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workflow: Pick<WorkflowSummary, 'id' | 'name'>) =>
      api<{ execution: { id: string; status: string } }>(`/api/workflows/${encodeURIComponent(workflow.id)}/run?wait=true`, {
        method: 'POST',
        body: { inputs: {} },
      }),
    onSuccess: ({ execution }, workflow) => {
      const look = runStatusLook(execution.status);
      if (execution.status === 'success') toast.success(`“${workflow.name}” ran: ${look.label.toLowerCase()}.`);
      else if (isActiveStatus(execution.status)) toast.info(`“${workflow.name}” is still running; Executions shows how it goes.`);
      else toast.error(`“${workflow.name}” ran: ${look.label.toLowerCase()}. Open it to see why.`);
      void queryClient.invalidateQueries({ queryKey: WORKFLOWS_QUERY_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not start the run.')),
  });
}

/**
 * Rename: the stored document with a new name, saved on top of the version just read
 * (PUT with `baseVersion`), so a change made meanwhile in an editor is not overwritten.
 */
export function useRenameWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ workflow, name }: { workflow: Pick<WorkflowSummary, 'id'>; name: string }) => {
      const path = `/api/workflows/${encodeURIComponent(workflow.id)}`;
      const { workflow: stored } = await api<{ workflow: Record<string, unknown> & { version: number } }>(path);
      const { id: _id, version, createdAt: _created, updatedAt: _updated, ...document } = stored;
      return api<CreatedWorkflow>(path, { method: 'PUT', body: { baseVersion: version, document: { ...document, name } } });
    },
    onSuccess: ({ workflow }) => {
      toast.success(`Renamed to “${workflow.name}”.`);
      void queryClient.invalidateQueries({ queryKey: WORKFLOWS_QUERY_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not rename the workflow.')),
  });
}

/** Duplicate: the server copies the workflow (POST /api/workflows/:id/duplicate); the list shows the copy. */
export function useDuplicateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workflow: Pick<WorkflowSummary, 'id' | 'name'>) =>
      api<CreatedWorkflow>(`/api/workflows/${encodeURIComponent(workflow.id)}/duplicate`, { method: 'POST' }),
    onSuccess: ({ workflow }) => {
      toast.success(`Made “${workflow.name}”.`);
      void queryClient.invalidateQueries({ queryKey: WORKFLOWS_QUERY_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not duplicate the workflow.')),
  });
}

/** Export: downloads the workflow as `<name>.json`. */
export function useExportWorkflow() {
  return useMutation({
    mutationFn: async (workflow: Pick<WorkflowSummary, 'id' | 'name'>) => {
      const data = await api<unknown>(`/api/workflows/${encodeURIComponent(workflow.id)}/export`);
      downloadJson(`${safeFileName(workflow.name)}.json`, data);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not export the workflow.')),
  });
}

/** Delete, after the user confirms. Resolves false when they cancel. */
export function useDeleteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (workflow: Pick<WorkflowSummary, 'id' | 'name'>) => {
      const confirmed = await confirmDialog({
        title: 'Delete workflow?',
        message: `“${workflow.name}” will be deleted with its run history and schedules. This cannot be undone.`,
        confirmLabel: 'Delete workflow',
        danger: true,
      });
      if (!confirmed) return false;
      await api(`/api/workflows/${encodeURIComponent(workflow.id)}`, { method: 'DELETE' });
      return true;
    },
    onSuccess: (deleted, workflow) => {
      if (!deleted) return;
      queryClient.setQueryData<WorkflowSummary[]>(WORKFLOWS_QUERY_KEY, (list) => list?.filter((w) => w.id !== workflow.id));
      void queryClient.invalidateQueries({ queryKey: WORKFLOWS_QUERY_KEY });
      toast.success(`Deleted “${workflow.name}”.`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not delete the workflow.')),
  });
}
