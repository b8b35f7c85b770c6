import type { SeededOutputs } from '@weft/core';

/** What a scale-out worker needs to run an execution the API stored. */
export interface RunJob {
  executionId: string;
  userId: string;
  /**
   * The workflow document as checked when the run was started, so a save made while the
   * run waits does not change what runs (the row names that version).
   */
  document: string;
  /** Run inputs as given: the stored ones are masked and cut, the engine needs the real values. */
  inputs: Record<string, unknown>;
  /** Nodes not to call, with the outputs they give: pins, or an earlier run's for "Run this node" (scope-run.ts). */
  seeded?: Readonly<Record<string, SeededOutputs>>;
  /** A caller waits for the whole outputs (`?wait=true`, a webhook answering with them): the worker hands them over through Redis. */
  answerWanted?: boolean;
  /** Scale-out: the waiting API process's reply channel, told the end (and a small answer) once stored. */
  replyTo?: string;
  /** The conversation an Agent with memory continues (StartRunRequest.sessionId). */
  sessionId?: string;
  /**
   * A waiting run taken up again once its tool calls were decided (tool approval): the
   * worker plans it from the row and its approvals (`planResume`), not from `document`
   * and `inputs`, so the nodes that finished before the wait are not called again.
   */
  resume?: boolean;
}
