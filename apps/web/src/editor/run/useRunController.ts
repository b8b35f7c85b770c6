import { useQueryClient } from '@tanstack/react-query';
import { isActiveStatus } from '@weft/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cancelExecution, type ExecutionSummary, fetchExecution, replayExecution, startRun } from '../../api/executions';
import { queryKeys } from '../../api/query-keys';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { useEditorStore } from '../store/editor.store';
import { shownRun, useRunStore } from './run.store';
import { askedInputs, type RunInputField, rerunInputs } from './run-inputs';
import { onRunRequest, type RunRequest } from './run-requests';
import { openRunStream } from './run-stream';
import { isActive } from './run-view';

type Launch = (workflowId: string) => Promise<{ execution: ExecutionSummary; scope?: { rerun: readonly string[] } }>;

/** "Run this node" had to run upstream nodes no earlier run kept: say which, by label. */
function rerunNotice(nodeIds: readonly string[]): string {
  const labels = nodeIds.map((id) => useEditorStore.getState().nodes.find((n) => n.id === id)?.data.label ?? id);
  const names = labels.length > 3 ? `${labels.slice(0, 3).join(', ')} and ${labels.length - 3} more` : labels.join(', ');
  return `No earlier run kept the output of ${names}, so ${labels.length === 1 ? 'it runs' : 'they run'} too.`;
}

/** How often a refused stream is opened again while the run is still going. */
const STREAM_RETRIES = 3;
const STREAM_RETRY_MS = 2000;
/** How long a cancelled run's stream has to report the end before the stored row is asked. */
const CANCEL_SETTLE_MS = 1500;

export interface RunController {
  /** Run: asks for run inputs when a Text Input wants one, saves if needed, starts. */
  run(): void;
  /** Runs again with the inputs of the run on screen, without asking. */
  rerun(): void;
  cancel(): void;
  /** Shows a stored execution (history, `?execution=`), or follows it live if it is still going. */
  openExecution(executionId: string): void;
  /** The fields of the run-inputs dialog while it is open. */
  asking: RunInputField[] | null;
  submitInputs(values: Record<string, unknown>): void;
  dismissInputs(): void;
}

/**
 * Starts, follows and cancels runs of the open workflow (docs/API.md "Running
 * workflows"); registers Ctrl/Cmd+Enter. `save` is the editor's save flow: a run always
 * runs the stored version, so unsaved edits are saved first. Leaving the editor closes
 * the stream and forgets the run (the run itself goes on on the server).
 */
export function useRunController(save: () => Promise<boolean>): RunController {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<RunInputField[] | null>(null);
  const closeStream = useRef<(() => void) | null>(null);
  const latestSave = useRef(save);
  latestSave.current = save;

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.executions.all });
    // The dashboard's workflow list shows each workflow's last run.
    void queryClient.invalidateQueries({ queryKey: queryKeys.workflows });
  }, [queryClient]);

  const follow = useCallback(
    (executionId: string, retriesLeft = STREAM_RETRIES) => {
      closeStream.current?.();
      const store = useRunStore.getState;
      closeStream.current = openRunStream(executionId, {
        onEvents(batch) {
          store().applyEvents(executionId, batch);
          if (batch.some((e) => e.event.type === 'run:finished')) refreshLists();
        },
        onState(state) {
          if (store().live?.executionId === executionId) store().setStream(state);
        },
        onBroken() {
          // The stream was refused: ask how the run stands, then settle or try again.
          fetchExecution(executionId)
            .then(({ execution }) => {
              if (store().live?.executionId !== executionId) return;
              if (!isActiveStatus(execution.status)) {
                store().settleLive(execution);
                refreshLists();
              } else if (retriesLeft > 0) setTimeout(() => store().live?.executionId === executionId && follow(executionId, retriesLeft - 1), STREAM_RETRY_MS);
              else toast.warning('Lost the live log. The run goes on: find it in the run history.');
            })
            .catch((error: unknown) => toast.error(errorMessage(error, 'Could not follow the run.')));
        },
      });
    },
    [refreshLists],
  );

  /** After a decision on a waiting run: follow it live from the start again, or show its end if it is over already. */
  const followAgain = useCallback(
    (executionId: string) => {
      fetchExecution(executionId)
        .then(({ execution }) => {
          if (isActiveStatus(execution.status)) {
            const { inputs, outputs: _o, usage: _u, nodes: _n, approvals: _a, ...summary } = execution;
            useRunStore.getState().startLive(summary, inputs ?? {});
            useEditorStore.getState().setLogsExpanded(true);
            follow(executionId);
          } else if (useRunStore.getState().live?.executionId === executionId) {
            useRunStore.getState().settleLive(execution);
          } else {
            useRunStore.getState().showHistory(execution);
          }
          refreshLists();
        })
        .catch((error: unknown) => toast.error(errorMessage(error, 'Could not follow the run.')));
    },
    [follow, refreshLists],
  );

  const start = useCallback(
    async (inputs: Record<string, unknown>, launch: Launch = (workflowId) => startRun(workflowId, inputs)) => {
      const runs = useRunStore.getState();
      if (runs.starting || isActive(runs.live)) return;
      runs.setStarting(true);
      try {
        const editor = useEditorStore.getState();
        if (!editor.workflowId || editor.hasUnsavedChanges) {
          if (!(await latestSave.current())) return;
        }
        const workflowId = useEditorStore.getState().workflowId;
        if (!workflowId) return;
        const { execution, scope } = await launch(workflowId);
        useRunStore.getState().startLive(execution, inputs);
        if (scope && scope.rerun.length > 0) toast.info(rerunNotice(scope.rerun));
        useEditorStore.getState().setLogsExpanded(true);
        follow(execution.id);
        refreshLists();
      } catch (error) {
        const fallback = error instanceof ApiError && error.status === 400 ? 'This workflow cannot run yet.' : 'Could not start the run.';
        toast.error(errorMessage(error, fallback));
      } finally {
        useRunStore.getState().setStarting(false);
      }
    },
    [follow, refreshLists],
  );

  const run = useCallback(() => {
    const runs = useRunStore.getState();
    if (runs.starting || isActive(runs.live)) return;
    const fields = askedInputs(useEditorStore.getState().nodes);
    if (fields.length > 0) setAsking(fields);
    else void start({});
  }, [start]);

  const rerun = useCallback(() => {
    const previous = shownRun(useRunStore.getState())?.inputs ?? {};
    void start(rerunInputs(previous, askedInputs(useEditorStore.getState().nodes)));
  }, [start]);

  // "Run this node", "Run up to here" (node settings) and "Replay" (run banner) start here too.
  useEffect(
    () =>
      onRunRequest((request: RunRequest) => {
        if (request.kind === 'follow') return followAgain(request.executionId);
        const previous = shownRun(useRunStore.getState())?.inputs ?? {};
        if (request.kind === 'replay') void start(previous, () => replayExecution(request.executionId));
        else {
          const inputs = rerunInputs(previous, askedInputs(useEditorStore.getState().nodes));
          void start(inputs, (workflowId) => startRun(workflowId, inputs, { nodeId: request.nodeId, mode: request.mode }));
        }
      }),
    [start, followAgain],
  );

  const cancel = useCallback(() => {
    const live = useRunStore.getState().live;
    if (!live || !isActive(live)) return;
    const { executionId } = live;
    cancelExecution(executionId)
      .then(({ execution }) => {
        if (isActiveStatus(execution.status)) return;
        // Normally the stream says so next; a run cancelled while still queued may never
        // start one, so settle from the stored row if the stream stays quiet.
        setTimeout(() => {
          if (!isActive(useRunStore.getState().live) || useRunStore.getState().live?.executionId !== executionId) return;
          fetchExecution(executionId)
            .then(({ execution: detail }) => {
              useRunStore.getState().settleLive(detail);
              refreshLists();
            })
            .catch(() => undefined);
        }, CANCEL_SETTLE_MS);
      })
      .catch((error: unknown) => toast.error(errorMessage(error, 'Could not cancel the run.')));
  }, [refreshLists]);

  const openStored = useCallback(
    async (executionId: string) => {
      const runs = useRunStore.getState();
      if (runs.live?.executionId === executionId) return runs.backToLive();
      runs.setOpening(executionId);
      try {
        const { execution } = await fetchExecution(executionId);
        const workflowId = useEditorStore.getState().workflowId;
        if (execution.workflowId !== workflowId) {
          toast.error('That run belongs to another workflow.');
          return;
        }
        if (isActiveStatus(execution.status) && !isActive(useRunStore.getState().live)) {
          // Still going: follow it as the live run; the stream replays it from the start.
          const { inputs, outputs: _o, usage: _u, nodes: _n, ...summary } = execution;
          useRunStore.getState().startLive(summary, inputs ?? {});
          useEditorStore.getState().setLogsExpanded(true);
          follow(execution.id);
        } else {
          useRunStore.getState().showHistory(execution);
          useEditorStore.getState().setLogsExpanded(true);
        }
      } catch (error) {
        const message = error instanceof ApiError && error.status === 404 ? 'That run no longer exists.' : errorMessage(error, 'Could not open the run.');
        toast.error(message);
      } finally {
        if (useRunStore.getState().opening === executionId) useRunStore.getState().setOpening(null);
      }
    },
    [follow],
  );
  const openExecution = useCallback((executionId: string) => void openStored(executionId), [openStored]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const mod = event.metaKey || event.ctrlKey;
      if (!mod || event.key !== 'Enter' || event.altKey || event.shiftKey) return;
      // Works from inside a field too (as Ctrl/Cmd+S does); open dialogs keep their own keys.
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [run]);

  useEffect(
    () => () => {
      closeStream.current?.();
      closeStream.current = null;
      useRunStore.getState().reset();
    },
    [],
  );

  return useMemo(
    () => ({
      run,
      rerun,
      cancel,
      openExecution,
      asking,
      submitInputs(values: Record<string, unknown>) {
        setAsking(null);
        void start(values);
      },
      dismissInputs: () => setAsking(null),
    }),
    [run, rerun, cancel, openExecution, asking, start],
  );
}
