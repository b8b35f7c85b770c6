import { type RunInputSlot, runInputSlots } from '@weft/core';

/** A value the Run button asks for before it starts a run: core's rule (run-io.ts), shared with webhooks and schedules. */
export type RunInputField = RunInputSlot;

/** The Text Inputs set to "ask for this value when the workflow runs", in canvas order. */
export const askedInputs = runInputSlots;

/**
 * What Re-run sends: the earlier run's answers for the inputs that still ask, and the
 * configured text for any that ask now but did not then. Answers for nodes that no
 * longer ask are dropped (the server would refuse or ignore them).
 */
export function rerunInputs(previous: Readonly<Record<string, unknown>>, fields: readonly RunInputField[]): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const field of fields) inputs[field.nodeId] = Object.hasOwn(previous, field.nodeId) ? previous[field.nodeId] : field.initial;
  return inputs;
}
