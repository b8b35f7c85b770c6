import { emptyWorkflow } from '@weft/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api, errorMessage } from '../../lib/api';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { findTemplate } from '../../lib/templates';
import { toast } from '../../stores/toast.store';
import { useEditorStore } from '../store/editor.store';
import { toLoaded, type WorkflowAnswer, workflowPath } from './api-workflow';
import { workflowFromTemplate } from './template-workflow';

export type LoaderState = { status: 'loading' } | { status: 'ready' } | { status: 'not-found' } | { status: 'error'; message: string };

interface Summary {
  id: string;
  updatedAt: string;
}

/**
 * Opens what the URL names (SPEC.md section 2, docs/ARCHITECTURE.md "Web: editor"):
 * `/workflow/:id` that workflow; `/editor?template=x` a new one from the template;
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
        open(await api<WorkflowAnswer>(workflowPath(workflowId), { signal }));
        return setState({ status: 'ready' });
      }
      const template = templateId ? findTemplate(templateId) : undefined;
      if (template) {
        if (!templateReady) return;
        const { document, missing } = workflowFromTemplate(template, store.definitions);
        store.load({ id: null, version: null, document, unsaved: true });
        if (missing.length) toast.info(`Not available on this server yet, so left out: ${missing.join(', ')}.`);
        return setState({ status: 'ready' });
      }
      const last = readStorage(STORAGE_KEYS.lastWorkflowId);
      if (last) {
        try {
          open(await api<WorkflowAnswer>(workflowPath(last), { signal }));
          return navigate(`/workflow/${encodeURIComponent(last)}`, { replace: true });
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
          writeStorage(STORAGE_KEYS.lastWorkflowId, null);
        }
      }
      const { workflows } = await api<{ workflows: Summary[] }>('/api/workflows', { signal });
      const latest = [...workflows].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
      if (latest) {
        open(await api<WorkflowAnswer>(workflowPath(latest.id), { signal }));
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
