import { api } from '../lib/api';
import { workflowPath } from './workflows';

/** Another editor tab with the workflow open (docs/API.md, POST /api/workflows/:id/presence). */
export interface WorkflowViewer {
  sessionId: string;
  userId: string;
  name: string;
  /** The signed-in user, in another tab or browser. */
  sameUser: boolean;
  /** When that tab opened the workflow. */
  since: string;
  seenAt: string;
}

export interface PresenceAnswer {
  viewers: WorkflowViewer[];
  heartbeatSeconds: number;
  expirySeconds: number;
}

/** This tab has the workflow open; answers the other tabs that do. */
export function sendPresence(workflowId: string, sessionId: string, signal?: AbortSignal): Promise<PresenceAnswer> {
  return api<PresenceAnswer>(`${workflowPath(workflowId)}/presence`, { body: { sessionId }, signal });
}

/** This tab closed the workflow; sent with keepalive so that it leaves with a closing page. */
export function leavePresence(workflowId: string, sessionId: string): Promise<void> {
  return api<void>(`${workflowPath(workflowId)}/presence/${encodeURIComponent(sessionId)}`, { method: 'DELETE', keepalive: true });
}
