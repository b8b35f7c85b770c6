import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_WORKFLOW_NAME, isActiveStatus, UNTITLED_WORKFLOW_NAME, type WorkflowSummary } from '@weft/core';
import { useNavigate } from 'react-router';
import { startRun } from '../../api/executions';
import { queryKeys } from '../../api/query-keys';
import {
  createWorkflow,
  deleteWorkflow,
  documentOf,
  duplicateWorkflow,
  exportWorkflow,
  fetchWorkflow,
  importWorkflow,
  saveWorkflow,
} from '../../api/workflows';
import { errorMessage } from '../../lib/api';
import { downloadJson, safeFileName } from '../../lib/download';
import { confirmDialog } from '../../stores/confirm.store';
import { toast } from '../../stores/toast.store';
import { runStatusLook } from './workflow-summary';

/**
 * The dashboard's actions on its list of workflows: each calls the API (`api/workflows.ts`),
 * says how it went in a toast, and refreshes the list (`api/useWorkflowList.ts`).
 */
function useListAction<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>, done: (answer: Answer, input: Input) => void, failed: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer: Answer, input: Input) => {
      done(answer, input);
      void queryClient.invalidateQueries({ queryKey: queryKeys.workflows });
    },
    onError: (error) => toast.error(errorMessage(error, failed)),
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
  return useListAction(
    () => {
      const existing = queryClient.getQueryData<WorkflowSummary[]>(queryKeys.workflows);
      return createWorkflow({ name: existing && existing.length > 0 ? UNTITLED_WORKFLOW_NAME : DEFAULT_WORKFLOW_NAME });
    },
    ({ workflow }) => navigate(`/workflow/${workflow.id}`),
    'Could not create the workflow.',
  );
}

/** Thrown (and shown) when the chosen file is not JSON; the server is not asked. */
class InvalidJsonFile extends Error {}

/** "Import from JSON": reads a file, checks it parses, and posts it to the server. */
export function useImportWorkflow() {
  return useListAction(
    async (file: File) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await file.text());
      } catch {
        throw new InvalidJsonFile('That file is not valid JSON.');
      }
      return importWorkflow(parsed);
    },
    ({ workflow }) => toast.success(`Imported “${workflow.name}”.`),
    'Could not import the workflow.',
  );
}

/**
 * Run from the list: runs with no run inputs (a Text Input asking for one uses its own
 * text) and waits for the end (`?wait=true`; a long run answers while still going), so the
 * row's last run is fresh when the list is fetched again.
 */
export function useRunWorkflow() {
  return useListAction(
    (workflow: Pick<WorkflowSummary, 'id' | 'name'>) => startRun(workflow.id, {}, undefined, { wait: true }),
    ({ execution }, workflow) => {
      const look = runStatusLook(execution.status);
      if (execution.status === 'success') toast.success(`“${workflow.name}” ran: ${look.label.toLowerCase()}.`);
      else if (isActiveStatus(execution.status)) toast.info(`“${workflow.name}” is still running; Executions shows how it goes.`);
      else toast.error(`“${workflow.name}” ran: ${look.label.toLowerCase()}. Open it to see why.`);
    },
    'Could not start the run.',
  );
}

/**
 * Rename: the stored document with a new name, saved on top of the version just read
 * (PUT with `baseVersion`), so a change made meanwhile in an editor is not overwritten.
 */
export function useRenameWorkflow() {
  return useListAction(
    async ({ workflow, name }: { workflow: Pick<WorkflowSummary, 'id'>; name: string }) => {
      const { workflow: stored } = await fetchWorkflow(workflow.id);
      return saveWorkflow(workflow.id, stored.version, { ...documentOf(stored), name });
    },
    ({ workflow }) => toast.success(`Renamed to “${workflow.name}”.`),
    'Could not rename the workflow.',
  );
}

/** Duplicate: the server copies the workflow (POST /api/workflows/:id/duplicate); the list shows the copy. */
export function useDuplicateWorkflow() {
  return useListAction(
    (workflow: Pick<WorkflowSummary, 'id' | 'name'>) => duplicateWorkflow(workflow.id),
    ({ workflow }) => toast.success(`Made “${workflow.name}”.`),
    'Could not duplicate the workflow.',
  );
}

/** Export: downloads the workflow as `<name>.json`. */
export function useExportWorkflow() {
  return useMutation({
    mutationFn: async (workflow: Pick<WorkflowSummary, 'id' | 'name'>) =>
      downloadJson(`${safeFileName(workflow.name)}.json`, await exportWorkflow(workflow.id)),
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
      await deleteWorkflow(workflow.id);
      return true;
    },
    onSuccess: (deleted, workflow) => {
      if (!deleted) return;
      queryClient.setQueryData<WorkflowSummary[]>(queryKeys.workflows, (list) => list?.filter((w) => w.id !== workflow.id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.workflows });
      toast.success(`Deleted “${workflow.name}”.`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not delete the workflow.')),
  });
}
