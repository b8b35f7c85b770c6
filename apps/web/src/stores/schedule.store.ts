import type { Schedule, ScheduleInput } from '@weft/core';
import { create } from 'zustand';
import { ApiError, api } from '../lib/api';
import { onSignOut } from './auth.store';

/** How often an open list of schedules looks again for new runs (next and last runs move on by themselves). */
export const SCHEDULE_REFRESH_MS = 10_000;

export type ScheduleAction = 'list' | 'create' | 'update' | 'pause' | 'resume' | 'delete';

/** A schedule's editable fields: everything POST takes except the workflow it belongs to. */
export type ScheduleChange = Partial<Omit<ScheduleInput, 'workflowId'>>;

interface ScheduleState {
  schedules: Schedule[];
  loading: boolean;
  /** The last failure's text, kept until the next call of the same store succeeds. */
  error: string | null;
  /** The workflow the list was loaded for; null when it holds every schedule of the user. */
  workflowId: string | null;
  /** GET /api/schedules (?workflow_id=); a failure empties the list. */
  load(workflowId?: string | null): Promise<Schedule[]>;
  /** POST /api/schedules, then reloads the list. */
  create(input: ScheduleInput): Promise<Schedule>;
  update(id: string, change: ScheduleChange): Promise<Schedule>;
  pause(id: string): Promise<Schedule>;
  resume(id: string): Promise<Schedule>;
  remove(id: string): Promise<void>;
  reset(): void;
}

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

const INITIAL = { schedules: [] as Schedule[], loading: false, error: null as string | null, workflowId: null as string | null };

const pathOf = (id: string) => `/api/schedules/${encodeURIComponent(id)}`;

/**
 * The schedules the open screen shows (SPEC.md §4): the editor's dialog loads one workflow's,
 * the dashboard's tab all of them. Calls keep the error text and rethrow, so a screen can
 * both show the store's message and react to the failure; the list changes only after the
 * server said yes.
 */
export const useScheduleStore = create<ScheduleState>()((set, get) => {
  /** Runs one call; on failure stores its message and rethrows it as an Error with that text. */
  async function call<T>(action: ScheduleAction, request: () => Promise<T>): Promise<T> {
    try {
      const result = await request();
      set({ error: null });
      return result;
    } catch (error) {
      const message = scheduleFailure(action, error);
      set(action === 'list' ? { error: message, schedules: [], loading: false } : { error: message });
      throw new Error(message, { cause: error });
    }
  }
  const replace = (schedule: Schedule) => set((s) => ({ schedules: s.schedules.map((old) => (old.id === schedule.id ? schedule : old)) }));

  return {
    ...INITIAL,
    async load(workflowId = null) {
      set({ loading: true, workflowId, error: null });
      const query = workflowId ? `?workflow_id=${encodeURIComponent(workflowId)}` : '';
      const schedules = await call('list', () => api<Schedule[]>(`/api/schedules${query}`));
      // A newer load for another workflow may have started meanwhile; its answer wins.
      if (get().workflowId === workflowId) set({ schedules, loading: false });
      return schedules;
    },
    async create(input) {
      const created = await call('create', () => api<Schedule>('/api/schedules', { method: 'POST', body: input }));
      await get()
        .load(get().workflowId)
        .catch(() => undefined);
      return created;
    },
    async update(id, change) {
      const updated = await call('update', () => api<Schedule>(pathOf(id), { method: 'PUT', body: change }));
      replace(updated);
      return updated;
    },
    async pause(id) {
      const paused = await call('pause', () => api<Schedule>(`${pathOf(id)}/pause`, { method: 'POST' }));
      replace(paused);
      return paused;
    },
    async resume(id) {
      const resumed = await call('resume', () => api<Schedule>(`${pathOf(id)}/resume`, { method: 'POST' }));
      replace(resumed);
      return resumed;
    },
    async remove(id) {
      await call('delete', () => api(pathOf(id), { method: 'DELETE' }));
      set((s) => ({ schedules: s.schedules.filter((schedule) => schedule.id !== id) }));
    },
    reset() {
      set(INITIAL);
    },
  };
});

onSignOut(() => useScheduleStore.getState().reset());
