import { useQueryClient } from '@tanstack/react-query';
import { isActiveStatus } from '@weft/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { cancelExecution, fetchExecution, startRun } from '../../api/executions';
import { queryKeys } from '../../api/query-keys';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { useRunStore } from '../run/run.store';
import { openRunStream } from '../run/run-stream';
import { isActive } from '../run/run-view';
import { useEditorStore } from '../store/editor.store';
import { chatMessageId, useChatStore } from './chat.store';
import { type ChatTarget, chatEligibility } from './chat-eligibility';
import { type AssistantMessage, failedReply, foldReply, INTERRUPTED, isPending, settleReply } from './chat-reply';

/** How long a stopped run's stream has to report the end before the stored row is asked. */
const STOP_SETTLE_MS = 1500;

interface InFlight {
  workflowId: string;
  replyId: string;
  executionId: string | null;
  target: ChatTarget;
  closeStream: (() => void) | null;
}

export interface ChatRun {
  /** Adds the message and runs the workflow with it as the asked input; false when nothing was added (a run is going, saving failed). */
  send(text: string): Promise<boolean>;
  /** Cancels the run answering the last message. */
  stop(): void;
}

/**
 * Each chat message is a run of the saved workflow (unsaved edits are saved first, as
 * the Run button does) with the message as the asked Text Input's value. The run is
 * also the editor's live run, so the canvas and the logs follow it as they follow any
 * other; its stream is folded into the reply too. One run at a time, as in the editor.
 */
export function useChatRun(save: () => Promise<boolean>): ChatRun {
  const queryClient = useQueryClient();
  const inFlight = useRef<InFlight | null>(null);
  const latestSave = useRef(save);
  latestSave.current = save;

  const update = useCallback((flight: InFlight, change: (reply: AssistantMessage) => AssistantMessage) => {
    useChatStore.getState().updateReply(flight.workflowId, flight.replyId, change);
  }, []);

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.executions.all });
  }, [queryClient]);

  /** Ends the reply from the stored execution when the stream cannot say how the run went. */
  const settleFromStore = useCallback(
    (flight: InFlight, executionId: string, otherwise: string | null) => {
      fetchExecution(executionId)
        .then(({ execution }) => {
          if (!isActiveStatus(execution.status)) {
            update(flight, (reply) => settleReply(reply, execution, flight.target));
            useRunStore.getState().settleLive(execution);
            refreshLists();
          } else if (otherwise) update(flight, (reply) => failedReply(reply, otherwise));
        })
        .catch((error: unknown) => update(flight, (reply) => failedReply(reply, errorMessage(error, 'Could not follow the run.'))));
    },
    [update, refreshLists],
  );

  const follow = useCallback(
    (flight: InFlight, executionId: string) => {
      const runs = useRunStore.getState;
      flight.closeStream = openRunStream(executionId, {
        onEvents(batch) {
          runs().applyEvents(executionId, batch);
          update(flight, (reply) => foldReply(reply, batch, flight.target));
          if (batch.some((e) => e.event.type === 'run:finished')) {
            refreshLists();
            if (inFlight.current === flight) inFlight.current = null;
          }
        },
        onState(state) {
          if (runs().live?.executionId === executionId) runs().setStream(state);
        },
        onBroken() {
          settleFromStore(flight, executionId, 'Lost the live answer. The run goes on: find it in the run history.');
        },
      });
    },
    [update, refreshLists, settleFromStore],
  );

  /** Starts the run for a reply already shown, and follows it. */
  const launch = useCallback(
    async (flight: InFlight, text: string) => {
      useRunStore.getState().setStarting(true);
      try {
        const inputs = { [flight.target.inputNodeId]: text };
        // The chat's session: an Agent with memory on continues this conversation.
        const sessionId = useChatStore.getState().sessionId(flight.workflowId);
        const { execution } = await startRun(flight.workflowId, inputs, undefined, { sessionId });
        flight.executionId = execution.id;
        update(flight, (reply) => ({ ...reply, status: 'waiting', executionId: execution.id }));
        useRunStore.getState().startLive(execution, inputs);
        follow(flight, execution.id);
        refreshLists();
      } catch (error) {
        const fallback = error instanceof ApiError && error.status === 400 ? 'This workflow cannot run yet.' : 'Could not start the run.';
        update(flight, (reply) => failedReply(reply, errorMessage(error, fallback)));
        if (inFlight.current === flight) inFlight.current = null;
      } finally {
        useRunStore.getState().setStarting(false);
      }
    },
    [follow, update, refreshLists],
  );

  const send = useCallback(
    async (text: string) => {
      const runs = useRunStore.getState();
      if (runs.starting || isActive(runs.live)) {
        toast.info('A run is still going: wait for it to finish, or stop it.');
        return false;
      }
      let editor = useEditorStore.getState();
      if (!editor.workflowId || editor.hasUnsavedChanges) {
        if (!(await latestSave.current())) return false;
        editor = useEditorStore.getState();
      }
      const workflowId = editor.workflowId;
      const eligibility = chatEligibility(editor.nodes, editor.edges, editor.definitionsByType);
      if (!workflowId || !eligibility.ok) return false;

      const at = Date.now();
      const flight: InFlight = { workflowId, replyId: chatMessageId(), executionId: null, target: eligibility.target, closeStream: null };
      useChatStore
        .getState()
        .append(
          workflowId,
          { id: chatMessageId(), role: 'user', text, at },
          { id: flight.replyId, role: 'assistant', status: 'starting', text: '', error: null, executionId: null, lastSeq: 0, at },
        );
      inFlight.current = flight;
      void launch(flight, text);
      return true;
    },
    [launch],
  );

  const stop = useCallback(() => {
    const flight = inFlight.current;
    const executionId = flight?.executionId;
    if (!flight || !executionId) return;
    cancelExecution(executionId)
      .then(({ execution }) => {
        // The stream normally says so next; a run stopped while still queued may never
        // start one, so settle from the stored row if it stays quiet.
        if (!isActiveStatus(execution.status)) setTimeout(() => inFlight.current === flight && settleFromStore(flight, executionId, null), STOP_SETTLE_MS);
      })
      .catch((error: unknown) => toast.error(errorMessage(error, 'Could not stop the run.')));
  }, [settleFromStore]);

  // Leaving the editor closes the stream: the reply can no longer be followed from here.
  useEffect(
    () => () => {
      const flight = inFlight.current;
      if (!flight) return;
      flight.closeStream?.();
      useChatStore.getState().updateReply(flight.workflowId, flight.replyId, (reply) => (isPending(reply) ? failedReply(reply, INTERRUPTED) : reply));
    },
    [],
  );

  return useMemo(() => ({ send, stop }), [send, stop]);
}
