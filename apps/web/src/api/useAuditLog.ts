import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditEntry } from '@weft/core';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';
import type { WorkspaceMember } from './useWorkspaces';

export type { AuditEntry };

/** The list's filters as the Settings section holds them; empty strings are "any". */
export interface AuditFilters {
  /** An action or its group: `workflow`, `secret.use`. */
  action: string;
  /** An e-mail (the actor's at the time). */
  actor: string;
  /** Local dates, `2026-11-28`; `to` includes its whole day. */
  from: string;
  to: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** Whose trail: a workspace's id, or null for the caller's personal workspace (the server's default). */
export type AuditWorkspace = string | null;

/** The filters as query parameters: dates become instants at the local day's start (`to`: the next day's). */
export function auditQuery(workspaceId: AuditWorkspace, filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (workspaceId) params.set('workspace', workspaceId);
  if (filters.action) params.set('action', filters.action);
  if (filters.actor) params.set('actor', filters.actor);
  const dayStart = (day: string, plusDays = 0) => {
    const date = new Date(`${day}T00:00:00`);
    date.setDate(date.getDate() + plusDays);
    return date.toISOString();
  };
  if (filters.from) params.set('from', dayStart(filters.from));
  if (filters.to) params.set('to', dayStart(filters.to, 1));
  return params;
}

/** Where the browser downloads the filtered trail (a plain GET: the session cookie goes with it). */
export function auditExportUrl(workspaceId: AuditWorkspace, filters: AuditFilters, format: 'csv' | 'json'): string {
  const params = auditQuery(workspaceId, filters);
  params.set('format', format);
  return `/api/audit/export?${params}`;
}

/** GET /api/audit, a page at a time through its cursor, newest first. */
export function useAuditPages(workspaceId: AuditWorkspace, filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit.pages(workspaceId, filters),
    queryFn: ({ signal, pageParam }) => {
      const params = auditQuery(workspaceId, filters);
      params.set('limit', String(AUDIT_PAGE_SIZE));
      if (pageParam) params.set('cursor', pageParam);
      return api<{ entries: AuditEntry[]; nextCursor: string | null }>(`/api/audit?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Opening the section always asks again: things happen in other tabs and processes.
    staleTime: 0,
  });
}

/**
 * The e-mails of a workspace's members, for the person filter (the same cache entry as
 * Settings → Workspaces' member list). Absent id (workspaces not loaded yet): none.
 */
export function useAuditPeople(workspaceId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.workspaces.members(workspaceId ?? ''),
    queryFn: async ({ signal }) =>
      (await api<{ members: WorkspaceMember[] }>(`/api/workspaces/${encodeURIComponent(workspaceId ?? '')}/members`, { signal })).members,
    enabled: workspaceId !== undefined,
    select: (members) => members.map((m) => m.email),
  });
}

/** GET and PUT /api/audit/retention: how many days the workspace keeps its trail. */
export function useAuditRetention(workspaceId: AuditWorkspace) {
  const queryClient = useQueryClient();
  const path = `/api/audit/retention${workspaceId ? `?workspace=${encodeURIComponent(workspaceId)}` : ''}`;
  const query = useQuery({
    queryKey: queryKeys.audit.retention(workspaceId),
    queryFn: async ({ signal }) => (await api<{ days: number }>(path, { signal })).days,
  });
  const update = useMutation({
    mutationFn: (days: number) => api<{ days: number }>(path, { method: 'PUT', body: { days } }),
    onSuccess: ({ days }) => queryClient.setQueryData(queryKeys.audit.retention(workspaceId), days),
  });
  return { query, update };
}
