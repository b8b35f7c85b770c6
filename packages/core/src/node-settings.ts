import { z } from 'zod';

/**
 * Node-level run settings, kept beside a node's config in the document (`data.settings`)
 * because they are the same for every node type: how often to try again after a failure,
 * how long to wait between tries, and how long one try may take. Absent fields keep the
 * defaults (no retry, the node type's own timeout).
 */
export const MAX_NODE_RETRIES = 10;
export const MAX_RETRY_WAIT_MS = 10 * 60_000;
export const MIN_NODE_TIMEOUT_MS = 1000;
export const MAX_NODE_TIMEOUT_MS = 60 * 60_000;

export const nodeSettingsSchema = z.object({
  /** Extra tries after the first failure: 0 to 10. */
  retries: z
    .number()
    .int('Retries must be a whole number')
    .min(0, 'Retries cannot be negative')
    .max(MAX_NODE_RETRIES, `At most ${MAX_NODE_RETRIES} retries`)
    .optional(),
  /** The same wait before every retry. */
  retryWaitMs: z
    .number()
    .int('The wait between tries is a whole number of milliseconds')
    .min(0, 'The wait between tries cannot be negative')
    .max(MAX_RETRY_WAIT_MS, 'The wait between tries is at most 10 minutes')
    .optional(),
  /** Per try. */
  timeoutMs: z
    .number()
    .int('The timeout is a whole number of milliseconds')
    .min(MIN_NODE_TIMEOUT_MS, 'The timeout is at least 1 second')
    .max(MAX_NODE_TIMEOUT_MS, 'The timeout is at most 1 hour')
    .optional(),
});

export type NodeSettings = z.infer<typeof nodeSettingsSchema>;

/** The run policy fields a node's settings override (see the engine's `NodePolicy`). */
export interface NodeSettingsPolicy {
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  backoffFactor?: number;
}

/**
 * A node's settings as engine policy overrides: a wait the user set is the same before
 * every retry (factor 1), as they read it, not the doubling a node type's own policy uses.
 */
export function policyOverrides(settings: NodeSettings | undefined): NodeSettingsPolicy {
  if (!settings) return {};
  return {
    ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
    ...(settings.retries === undefined ? {} : { retries: settings.retries }),
    ...(settings.retryWaitMs === undefined ? {} : { backoffMs: settings.retryWaitMs, backoffFactor: 1 }),
  };
}

/** "2 s", "1.5 s", "3 min", "250 ms": a limit as people read it. */
export function formatLimit(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000 || ms % 60_000 !== 0) return `${Number((ms / 1000).toFixed(1))} s`;
  return `${ms / 60_000} min`;
}
