import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackfillScheduleInput, BackfillScheduleResult, Schedule, ScheduleInput, TriggerScheduleInput, TriggerScheduleResult } from '@weft/core';
import { useMemo } from 'react';
import { ApiError, api } from '../lib/api';
import { queryKeys } from './query-keys';

/** How often an open list of schedules looks again for new runs (next and last runs move on by themselves). */
export const SCHEDULE_REFRESH_MS = 10_000;

export type ScheduleAction = 'list' | 'create' | 'update' | 'pause' | 'resume' | 'delete' | 'trigger' | 'backfill';

/** A schedule's editable fields: everything POST takes except the workflow it belongs to. */
export type ScheduleChange = Partial<Omit<ScheduleInput, 'workflowId'>>;

/**
 * The words SPEC.md §8 gives a failed schedule call: 401 asks to sign in again; otherwise the
 * server's `detail`, else "Failed to <action> schedule: <status text>".
 */
export function scheduleFailure(action: ScheduleAction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Authentication required. Please log in again.';
    if (error.detail) return error.detail;
    // No answer at all (offline): the client's own sentence says more than a status text.
    if (error.status === 0) return error.message;
    return `Failed to ${action} schedule: ${error.statusText || `HTTP ${error.status}`}`;
  }
  return `Failed to ${action} schedule: ${error instanceof Error ? error.message : 'unknown error'}`;
}

/** Runs one call; a failure becomes an Error whose message is the §8 wording (the ApiError kept as its cause). */
async function worded<T>(action: ScheduleAction, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new Error(scheduleFailure(action, error), { cause: error });
  }
}

const pathOf = (id: string) => `/api/schedules/${encodeURIComponent(id)}`;

/** `/api/schedules` (docs/API.md "Schedules"), each failure worded for a person. */
export const scheduleRequests = {
  /** One workflow's schedules, or every schedule of the user when `workflowId` is null. */
  list: (workflowId: string | null, signal?: AbortSignal) =>
    worded('list', () => api<Schedule[]>(`/api/schedules${workflowId ? `?workflow_id=${encodeURIComponent(workflowId)}` : ''}`, { signal })),
  create: (input: ScheduleInput) => worded('create', () => api<Schedule>('/api/schedules', { method: 'POST', body: input })),
  update: (id: string, change: ScheduleChange) => worded('update', () => api<Schedule>(pathOf(id), { method: 'PUT', body: change })),
  /** A note (optional) says why, under the schedule's name while it is paused. */
  pause: (id: string, note?: string) =>
    worded('pause', () => api<Schedule>(`${pathOf(id)}/pause`, { method: 'POST', ...(note?.trim() ? { body: { note: note.trim() } } : {}) })),
  resume: (id: string) => worded('resume', () => api<Schedule>(`${pathOf(id)}/resume`, { method: 'POST' })),
  remove: (id: string) => worded('delete', () => api<void>(pathOf(id), { method: 'DELETE' })),
  /** Starts a run now (202): the tick's outcome says whether it started, waits or was skipped. */
  trigger: (id: string, input: TriggerScheduleInput = {}) =>
    worded('trigger', () => api<TriggerScheduleResult>(`${pathOf(id)}/trigger`, { method: 'POST', body: input })),
  /** Runs every instant of the timing in a past range (202), those already in the ledger excepted. */
  backfill: (id: string, input: BackfillScheduleInput) =>
    worded('backfill', () => api<BackfillScheduleResult>(`${pathOf(id)}/backfill`, { method: 'POST', body: input })),
};

/**
 * The schedules a screen shows: the editor's dialog and setup bar one workflow's, the
 * dashboard's tab all of them. `refresh` looks again every {@link SCHEDULE_REFRESH_MS}
 * while the list is on screen, since next and last runs move on by themselves.
 */
export function useSchedules(workflowId: string | null, options: { refresh?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.schedules.list(workflowId),
    queryFn: ({ signal }) => scheduleRequests.list(workflowId, signal),
    refetchInterval: options.refresh ? SCHEDULE_REFRESH_MS : false,
    // Opening a list always asks again (it shows the cached one meanwhile): a schedule may
    // have run or changed in another tab since.
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}

/**
 * Changes to schedules, each applied to every cached list only after the server agreed (a
 * refused change leaves the lists as they were and rejects with the §8 words). The
 * dashboard's workflow list carries a schedule column, so it is refreshed too: it used to
 * go stale while the schedules had their own cache beside the query cache.
 */
export function scheduleChanges(queryClient: QueryClient) {
  const lists = { queryKey: queryKeys.schedules.all };
  const refreshWorkflows = () => void queryClient.invalidateQueries({ queryKey: queryKeys.workflows });
  // A run started now or by a backfill: the schedules' last runs, the run lists and the workflows' last run change.
  const refreshRuns = () => {
    void queryClient.invalidateQueries(lists);
    void queryClient.invalidateQueries({ queryKey: queryKeys.executions.all });
    refreshWorkflows();
  };
  const replace = (schedule: Schedule) => {
    queryClient.setQueriesData<Schedule[]>(lists, (old) => old?.map((item) => (item.id === schedule.id ? schedule : item)));
    refreshWorkflows();
    return schedule;
  };
  return {
    async create(input: ScheduleInput): Promise<Schedule> {
      const created = await scheduleRequests.create(input);
      await queryClient.invalidateQueries(lists);
      refreshWorkflows();
      return created;
    },
    update: async (id: string, change: ScheduleChange) => replace(await scheduleRequests.update(id, change)),
    pause: async (id: string, note?: string) => replace(await scheduleRequests.pause(id, note)),
    resume: async (id: string) => replace(await scheduleRequests.resume(id)),
    /** Runs it now; the lists (last run) and the executions are loaded again. */
    async trigger(id: string, input?: TriggerScheduleInput): Promise<TriggerScheduleResult> {
      const result = await scheduleRequests.trigger(id, input);
      refreshRuns();
      return result;
    },
    async backfill(id: string, input: BackfillScheduleInput): Promise<BackfillScheduleResult> {
      const result = await scheduleRequests.backfill(id, input);
      refreshRuns();
      return result;
    },
    async remove(id: string): Promise<void> {
      await scheduleRequests.remove(id);
      queryClient.setQueriesData<Schedule[]>(lists, (old) => old?.filter((item) => item.id !== id));
      refreshWorkflows();
    },
  };
}

/** {@link scheduleChanges} on the app's query cache. */
export function useScheduleChanges() {
  const queryClient = useQueryClient();
  return useMemo(() => scheduleChanges(queryClient), [queryClient]);
}
