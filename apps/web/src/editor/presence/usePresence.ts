import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { leavePresence, sendPresence, type WorkflowViewer } from '../../api/presence';

/** The server counts a tab gone after 45 s without one; three chances. */
export const PRESENCE_HEARTBEAT_MS = 15_000;

const NONE: WorkflowViewer[] = [];

/** A random id for this editor tab: one per opened editor, never shared with another tab. */
function newSessionId(): string {
  return `tab-${crypto.randomUUID()}`;
}

/**
 * Announces this tab to the server while the workflow is open (a heartbeat every 15 s,
 * also when the tab is in the background) and answers the other tabs that have it open.
 * Leaving the workflow, or closing the page, says so at once (`keepalive`), so the others
 * see the tab go without waiting for it to expire. A failed heartbeat shows nobody rather
 * than an error: presence is a courtesy, never in the way of editing.
 */
export function usePresence(workflowId: string | null): WorkflowViewer[] {
  const [sessionId] = useState(newSessionId);
  const query = useQuery({
    queryKey: ['workflow-presence', workflowId, sessionId],
    queryFn: ({ signal }) => sendPresence(workflowId as string, sessionId, signal),
    enabled: workflowId !== null,
    refetchInterval: PRESENCE_HEARTBEAT_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  useEffect(() => {
    if (workflowId === null) return;
    const leave = () => void leavePresence(workflowId, sessionId).catch(() => undefined);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [workflowId, sessionId]);

  return (workflowId !== null && query.data?.viewers) || NONE;
}
