import { RUN_DATA_LABELS, RUN_DATA_MODES, type RunDataMode } from '@weft/core';

/** One choice of "how much a successful run keeps"; `mode` null leaves it to the server. */
export interface RunDataOption {
  readonly mode: RunDataMode | null;
  readonly label: string;
  readonly description: string;
}

const DESCRIPTIONS: Readonly<Record<RunDataMode, string>> = {
  all: 'What each node received, gave and logged, so any run can be inspected and replayed.',
  outputs: "The run's answer and each node's status and timing; no node inputs, outputs or logs.",
  summary: 'Status, timing and token usage only. For busy webhooks and schedules.',
};

/**
 * The choices the workflow settings offer, the server's default first. The API does not
 * say what the instance default is (WEFT_SUCCESSFUL_RUN_DATA), so it is named, not guessed.
 */
export const RUN_DATA_OPTIONS: readonly RunDataOption[] = [
  {
    mode: null,
    label: 'Server default',
    description: 'Whatever this Weft server keeps (WEFT_SUCCESSFUL_RUN_DATA; everything unless its operator changed it).',
  },
  ...RUN_DATA_MODES.map((mode) => ({ mode, label: RUN_DATA_LABELS[mode], description: DESCRIPTIONS[mode] })),
];

/** The radio value of a mode: the mode itself, or `default` for none set. */
export function runDataChoice(mode: RunDataMode | undefined | null): string {
  return mode ?? 'default';
}
