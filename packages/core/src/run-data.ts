import { z } from 'zod';

/**
 * How much a successful execution keeps (n8n's "save successful production executions"):
 * everything (each node's inputs, outputs and logs, and the event log for replay), the
 * run's outputs with each node's status and timings, or only the summary (status, timings,
 * token usage). A failed or cancelled run always keeps everything: that is when people look.
 * Set per workflow in the document's `settings`; the instance default is
 * WEFT_SUCCESSFUL_RUN_DATA (docs/ARCHITECTURE.md "Runs and executions").
 */
export const RUN_DATA_MODES = ['all', 'outputs', 'summary'] as const;
export type RunDataMode = (typeof RUN_DATA_MODES)[number];

export const runDataModeSchema = z.enum(RUN_DATA_MODES);

/** The modes in plain words, as the editor's workflow settings offer them. */
export const RUN_DATA_LABELS: Readonly<Record<RunDataMode, string>> = {
  all: 'Everything (inputs, outputs and logs of every node)',
  outputs: 'Outputs only',
  summary: 'Just the summary (status and timing)',
};

/** What a run in `mode` keeps once it ended with `status`: everything unless it succeeded. */
export function keptRunData(mode: RunDataMode, status: string): RunDataMode {
  return status === 'success' ? mode : 'all';
}
