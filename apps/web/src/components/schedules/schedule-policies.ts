import type { CatchUpPolicy, OverlapPolicy } from '@weft/core';

/** One choice of a policy, with the line of help the form shows under it. */
export interface PolicyChoice<T extends string> {
  value: T;
  label: string;
  help: string;
}

/** Temporal's overlap policies, in the order the form offers them (docs/SCHEDULES.md). */
export const OVERLAP_CHOICES: readonly PolicyChoice<OverlapPolicy>[] = [
  { value: 'skip', label: 'Skip', help: 'Don’t start if the previous run is still going.' },
  { value: 'buffer_one', label: 'Buffer one', help: 'Start once it ends; at most one run waits.' },
  { value: 'buffer_all', label: 'Buffer all', help: 'Start each one in order as the previous one ends.' },
  { value: 'cancel_other', label: 'Cancel other', help: 'Cancel the running one and start the new one.' },
  { value: 'allow_all', label: 'Allow all', help: 'Run side by side.' },
];

export const CATCH_UP_CHOICES: readonly PolicyChoice<CatchUpPolicy>[] = [
  { value: 'skip', label: 'Skip them', help: 'Runs missed while Weft was off or the schedule paused are listed as missed, not run.' },
  { value: 'run_once', label: 'Run once for all of them', help: 'The latest missed run starts once; the rest are listed as missed.' },
];

/** The label of an overlap policy ("Buffer all"), for lists and toasts. */
export function overlapLabel(policy: OverlapPolicy): string {
  return OVERLAP_CHOICES.find((choice) => choice.value === policy)?.label ?? policy;
}

/** "1 run", "3 runs": counts in toasts and hints. */
export function runs(count: number): string {
  return `${count} ${count === 1 ? 'run' : 'runs'}`;
}

/**
 * A number of seconds the way a person says it: "45 s", "5 min", "2 h", "1 day";
 * mixed amounts in the smaller unit ("90 s").
 */
export function describeSeconds(seconds: number): string {
  if (seconds > 0 && seconds % 86_400 === 0) return seconds === 86_400 ? '1 day' : `${seconds / 86_400} days`;
  if (seconds > 0 && seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds > 0 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/**
 * The policies of a schedule that differ from the defaults, in a few words for its row in
 * a list ("Buffer all · catch-up window 1 h · pauses after 3 failures · jitter 30 s");
 * empty when all are the defaults.
 */
export function describePolicies(schedule: {
  overlapPolicy: OverlapPolicy;
  catchUpPolicy: CatchUpPolicy;
  catchUpWindowSeconds?: number | null;
  pauseAfterFailures?: number;
  jitterSeconds?: number;
}): string {
  const parts: string[] = [];
  if (schedule.overlapPolicy !== 'skip') parts.push(overlapLabel(schedule.overlapPolicy));
  if (schedule.catchUpPolicy === 'run_once') parts.push('runs once after missed times');
  if (schedule.catchUpWindowSeconds != null) parts.push(`catch-up window ${describeSeconds(schedule.catchUpWindowSeconds)}`);
  if (schedule.pauseAfterFailures) parts.push(`pauses after ${schedule.pauseAfterFailures} ${schedule.pauseAfterFailures === 1 ? 'failure' : 'failures'}`);
  if (schedule.jitterSeconds) parts.push(`jitter ${describeSeconds(schedule.jitterSeconds)}`);
  return parts.join(' · ');
}
