/**
 * The version-history shapes of the HTTP API (docs/API.md "Version history"), shared by
 * the server that answers them and the web app that reads them.
 */
import type { WorkflowDiff } from '../workflow-diff.js';

/** One kept version of a workflow: every save makes one. */
export interface WorkflowVersionSummary {
  version: number;
  /** The workflow's name in that version. */
  name: string;
  /** What the save changed, in one line ("Added LLM Chat, removed 1 connection"). */
  summary: string;
  /** Who saved it: display name, else e-mail; null when that account is gone. */
  author: string | null;
  createdAt: string;
  /** Set when the version was made by restoring an older one. */
  restoredFrom: number | null;
  /** The workflow's current version. */
  current: boolean;
  /** Runs stored for this version; such a version is never pruned. */
  executionCount: number;
}

/** A version with what changed from it to the current workflow. */
export interface WorkflowVersionDetail extends WorkflowVersionSummary {
  nodeCount: number;
  /** From this version (before) to the current workflow (after). */
  diffToCurrent: WorkflowDiff;
  currentVersion: number;
}

export const VERSION_RETENTION_MODES = ['all', 'count', 'days'] as const;
export type VersionRetentionMode = (typeof VERSION_RETENTION_MODES)[number];

/**
 * How many versions a user keeps: all (the default), the last `amount` of each workflow,
 * or those of the last `amount` days. The current version and versions a stored run used
 * are kept whatever the rule.
 */
export type VersionRetention = { mode: 'all' } | { mode: 'count'; amount: number } | { mode: 'days'; amount: number };

export const DEFAULT_VERSION_RETENTION: VersionRetention = { mode: 'all' };
export const VERSION_RETENTION_LIMITS = { count: { min: 1, max: 10_000 }, days: { min: 1, max: 3650 } } as const;
