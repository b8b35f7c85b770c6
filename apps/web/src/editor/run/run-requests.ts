import type { RunTargetMode } from '@weft/core';

/**
 * Runs asked for from outside the toolbar (a node's settings, the inspector, the run
 * banner): the editor's one run controller (useRunController) listens and starts them, so
 * every run goes through the same save-first, follow-live path.
 */
export type RunRequest =
  | { kind: 'target'; nodeId: string; mode: RunTargetMode }
  | { kind: 'replay'; executionId: string }
  /** A run that went on after a wait for approval: follow it live again (or show its end). */
  | { kind: 'follow'; executionId: string };

const listeners = new Set<(request: RunRequest) => void>();

export function requestRun(request: RunRequest): void {
  for (const listener of listeners) listener(request);
}

/** Subscribes; returns the unsubscribe. */
export function onRunRequest(listener: (request: RunRequest) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
