import type { RunDataMode } from '@weft/core';

/**
 * How the run views speak of a successful run that kept less than everything (the
 * workflow's "how much a successful run keeps" setting, core run-data.ts). A pane with
 * nothing to show says why instead of looking empty or broken.
 */

/** What the run kept, in the words that finish "this workflow keeps only …". */
const KEPT_ONLY: Readonly<Record<Exclude<RunDataMode, 'all'>, string>> = {
  outputs: 'the final outputs',
  summary: 'the summary',
};

/** Null when everything was kept (or the server did not say, as rows from before the setting). */
export function notKeptMessage(kept: RunDataMode | undefined): string | null {
  if (!kept || kept === 'all') return null;
  return `Not kept (this workflow keeps only ${KEPT_ONLY[kept]} of successful runs)`;
}

/** A short badge for the run's row and banner: null when everything was kept. */
export function keptBadge(kept: RunDataMode | undefined): string | null {
  if (kept === 'outputs') return 'Outputs only';
  if (kept === 'summary') return 'Summary only';
  return null;
}

/** Where to change it, said once beside the notice. */
export const KEPT_HINT = 'Failed runs always keep everything. Change this in Workflow settings.';
