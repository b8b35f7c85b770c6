import { emptyWorkflow, findTemplate, type ScheduleInput, type WorkflowTemplate } from '@weft/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { createWorkflow, fetchWorkflow, fetchWorkflows, type WorkflowAnswer } from '../../api/workflows';
import { ApiError, api, errorMessage } from '../../lib/api';
import { takeReturnPath } from '../../lib/return-path';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { toast } from '../../stores/toast.store';
import { useEditorStore } from '../store/editor.store';
import { toLoaded } from '../store/editor-state';
import { workflowFromTemplate } from './template-workflow';

export type LoaderState = { status: 'loading' } | { status: 'ready' } | { status: 'not-found' } | { status: 'error'; message: string };

/**
 * Opens what the URL names (SPEC.md section 2, docs/ARCHITECTURE.md "Web: editor"):
 * `/workflow/:id` that workflow; `/editor?template=x` creates one from the template (and its
 * schedule, paused) and moves on to it;
 * `/editor` the last opened workflow, else the most recently changed one, else a new
 * unsaved "My First Automation" that its first save creates. `/editor` always moves on
 * to `/workflow/:id` once a stored workflow is open, so the address can be shared.
 */
export function useWorkflowLoader(workflowId: string | undefined, templateId: string | null, definitionsReady: boolean) {
  const navigate = useNavigate();
  const [state, setState] = useState<LoaderState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The attempt last loaded: a higher one (retry, the conflict "Reload") fetches again.
  const loadedAttempt = useRef(0);
  // Only a template needs the node catalogue before it can open; a stored workflow does not
  // wait for it (and must not be fetched twice when the catalogue arrives).
  const templateReady = !workflowId && templateId ? definitionsReady : true;
  // One creation per visit of `/editor?template=…`, however often the effect runs.
  const creating = useRef<Map<string, Promise<string>>>(new Map());

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const store = useEditorStore.getState();
    const forced = attempt !== loadedAttempt.current;
    loadedAttempt.current = attempt;
    const open = (answer: WorkflowAnswer) => {
      store.load(toLoaded(answer.workflow));
      writeStorage(STORAGE_KEYS.lastWorkflowId, answer.workflow.id);
    };

    const run = async () => {
      if (workflowId) {
        // Already open (its first save just moved /editor here): keep the undo history.
        if (!forced && store.workflowId === workflowId) return setState({ status: 'ready' });
        setState({ status: 'loading' });
        open(await fetchWorkflow(workflowId, signal));
        return setState({ status: 'ready' });
      }
      // Back from single sign-on, which always lands here: on to where the user was going.
      const back = templateId ? null : takeReturnPath();
      if (back && back !== '/editor') return navigate(back, { replace: true });
      const template = templateId ? findTemplate(templateId) : undefined;
      if (template) {
        if (!templateReady) return;
        const created = await createFromTemplate(template, store.definitions, creating.current);
        if (signal.aborted) return;
        return navigate(`/workflow/${encodeURIComponent(created)}`, { replace: true });
      }
      const last = readStorage(STORAGE_KEYS.lastWorkflowId);
      if (last) {
        try {
          open(await fetchWorkflow(last, signal));
          return navigate(`/workflow/${encodeURIComponent(last)}`, { replace: true });
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
          writeStorage(STORAGE_KEYS.lastWorkflowId, null);
        }
      }
      const workflows = await fetchWorkflows(signal);
      const latest = [...workflows].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
      if (latest) {
        open(await fetchWorkflow(latest.id, signal));
        return navigate(`/workflow/${encodeURIComponent(latest.id)}`, { replace: true });
      }
      store.load({ id: null, version: null, document: emptyWorkflow() });
      setState({ status: 'ready' });
    };

    run().catch((error: unknown) => {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.status === 404) {
        if (readStorage(STORAGE_KEYS.lastWorkflowId) === workflowId) writeStorage(STORAGE_KEYS.lastWorkflowId, null);
        setState({ status: 'not-found' });
      } else setState({ status: 'error', message: errorMessage(error, 'Could not open the workflow.') });
    });
    return () => controller.abort();
  }, [workflowId, templateId, templateReady, navigate, attempt]);

  /** Fetches the stored workflow again, discarding what is open (the conflict "Reload"). */
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return { state, reload };
}

/**
 * "Use template": stores the workflow built from the template and, when the template runs
 * on a schedule, that schedule, paused until the user has provided what is missing and
 * turns it on. Resolves to the new workflow's id.
 */
function createFromTemplate(
  template: WorkflowTemplate,
  definitions: Parameters<typeof workflowFromTemplate>[1],
  pending: Map<string, Promise<string>>,
): Promise<string> {
  const existing = pending.get(template.id);
  if (existing) return existing;
  const promise = (async () => {
    const { document, problems } = workflowFromTemplate(template, definitions);
    const { workflow } = await createWorkflow(document);
    writeStorage(STORAGE_KEYS.lastWorkflowId, workflow.id);
    if (problems.length) toast.info(`Not available on this server, so left out: ${problems.join('; ')}.`);
    if (template.schedule) {
      const { name, cron, intervalSeconds } = template.schedule;
      const input: ScheduleInput = {
        workflowId: workflow.id,
        name,
        enabled: false,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        ...(cron ? { cron } : { intervalSeconds: intervalSeconds ?? null }),
      };
      await api('/api/schedules', { method: 'POST', body: input }).catch((error: unknown) =>
        toast.error(`The workflow was created, but its schedule was not: ${errorMessage(error, 'unknown error')}. Add it with the Schedule button.`),
      );
    }
    return workflow.id;
  })();
  // A failure is shown by the loader; a retry ("Try again") creates afresh.
  promise.catch(() => pending.delete(template.id));
  pending.set(template.id, promise);
  return promise;
}
