import { type InfiniteData, infiniteQueryOptions, type QueryClient, type QueryKey, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackfillScheduleInput, BackfillScheduleResult, Schedule, ScheduleInput, TriggerScheduleInput, TriggerScheduleResult } from '@weft/core';
import { useMemo } from 'react';
import { ApiError, api, apiWithHeaders } from '../lib/api';
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

/** What a list of schedules narrows to (docs/API.md "Schedules"). */
export interface ScheduleFilters {
  workflowId?: string;
  status?: 'enabled' | 'paused';
}

/** One page of the list, and the cursor of the next (null on the last). */
export interface SchedulePage {
  schedules: Schedule[];
  nextCursor: string | null;
}

/** How many schedules the dashboard shows a page at a time. */
export const SCHEDULE_PAGE_SIZE = 50;
/** The most one page holds (the server's cap): the editor lists a workflow's schedules in one page this big. */
export const SCHEDULE_PAGE_MAX = 500;

function listPath(filters: ScheduleFilters, page: { cursor?: string | null; limit?: number } = {}): string {
  const query = new URLSearchParams();
  if (filters.workflowId) query.set('workflow_id', filters.workflowId);
  if (filters.status) query.set('status', filters.status);
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  if (page.cursor) query.set('cursor', page.cursor);
  const text = query.toString();
  return `/api/schedules${text ? `?${text}` : ''}`;
}

/** `/api/schedules` (docs/API.md "Schedules"), each failure worded for a person. */
export const scheduleRequests = {
  /**
   * One workflow's schedules (up to {@link SCHEDULE_PAGE_MAX}), or the first page of every
   * schedule of the user when `workflowId` is null (the server's default page, SPEC.md §7's call).
   */
  list: (workflowId: string | null, signal?: AbortSignal) =>
    worded('list', () => api<Schedule[]>(workflowId ? listPath({ workflowId }, { limit: SCHEDULE_PAGE_MAX }) : listPath({}), { signal })),
  /** A page of the list from `cursor` (the first when null); the next page's cursor comes in `X-Next-Cursor`. */
  page: (filters: ScheduleFilters, cursor: string | null, limit: number, signal?: AbortSignal) =>
    worded('list', async (): Promise<SchedulePage> => {
      const { data, headers } = await apiWithHeaders<Schedule[]>(listPath(filters, { cursor, limit }), { signal });
      return { schedules: data, nextCursor: headers.get('x-next-cursor') };
    }),
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
 * The dashboard's list: every schedule matching `filters`, `pageSize` at a time through the
 * server's cursor (the hook's options, and a test's).
 */
export function schedulePagesQuery(filters: ScheduleFilters, pageSize = SCHEDULE_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: queryKeys.schedules.pages(filters),
    queryFn: ({ signal, pageParam }) => scheduleRequests.page(filters, pageParam, pageSize, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: SchedulePage) => page.nextCursor,
  });
}

/** {@link schedulePagesQuery} on screen; `refresh` looks again (every loaded page) every {@link SCHEDULE_REFRESH_MS}. */
export function useSchedulePages(filters: ScheduleFilters, options: { refresh?: boolean } = {}) {
  return useInfiniteQuery({ ...schedulePagesQuery(filters), refetchInterval: options.refresh ? SCHEDULE_REFRESH_MS : false, staleTime: 0 });
}

/** A cached list of schedules: one workflow's (or the first page of all), or the dashboard's pages. */
type CachedSchedules = Schedule[] | InfiniteData<SchedulePage, string | null>;

function changeCached(old: CachedSchedules | undefined, change: (list: Schedule[]) => Schedule[]): CachedSchedules | undefined {
  if (!old) return old;
  if (Array.isArray(old)) return change(old);
  return { ...old, pages: old.pages.map((page) => ({ ...page, schedules: change(page.schedules) })) };
}

/** Whether a cached list still holds `schedule` as it is now: a paused one leaves a list of enabled ones, and the other way round. */
function stillListed(key: QueryKey, schedule: Schedule): boolean {
  const status = statusOf(key);
  return status === undefined || status === (schedule.enabled ? 'enabled' : 'paused');
}

/** The status a cached list of pages is filtered by, if any. */
function statusOf(key: QueryKey): ScheduleFilters['status'] {
  return key[1] === 'pages' ? (key[2] as ScheduleFilters | undefined)?.status : undefined;
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
    for (const [key, old] of queryClient.getQueriesData<CachedSchedules>(lists)) {
      const listed = stillListed(key, schedule);
      queryClient.setQueryData(
        key,
        changeCached(old, (list) =>
          listed ? list.map((item) => (item.id === schedule.id ? schedule : item)) : list.filter((item) => item.id !== schedule.id),
        ),
      );
    }
    // A list of paused or of active ones that should now hold it may not: those load again.
    void queryClient.invalidateQueries({
      queryKey: queryKeys.schedules.pagesAll,
      predicate: ({ queryKey }) => statusOf(queryKey) !== undefined && stillListed(queryKey, schedule),
    });
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
      queryClient.setQueriesData<CachedSchedules>(lists, (old) => changeCached(old, (list) => list.filter((item) => item.id !== id)));
      refreshWorkflows();
    },
  };
}

/** {@link scheduleChanges} on the app's query cache. */
export function useScheduleChanges() {
  const queryClient = useQueryClient();
  return useMemo(() => scheduleChanges(queryClient), [queryClient]);
}
