/**
 * Calling another workflow of the run's owner (the Run Workflow node): the host starts it
 * as an ordinary execution (trigger `workflow`, linked to the calling run), waits for it
 * and answers what its Output nodes received. The host keeps the rules: only the owner's
 * own workflows, a depth limit against a workflow calling itself, cancel reaching the child.
 */
import type { JsonSchema } from '../tools/json-schema.js';

/** A workflow as a call sees it: its name and its run inputs as arguments. */
export interface CalledWorkflow {
  readonly id: string;
  readonly name: string;
  /** The run inputs (Text Inputs asking on run) as a JSON Schema object, by argument name. */
  readonly parameters: JsonSchema;
}

/** What a finished sub-workflow answered. */
export interface WorkflowCallResult {
  /** The child's execution, in the history. */
  readonly executionId: string;
  /** Its Output nodes' value (one Output: its value; several: by label); null when it has none. */
  readonly answer: unknown;
}

export interface WorkflowService {
  /** The owner's workflow; throws naming the id when it is not theirs (or does not exist: not told apart). */
  describe(workflowId: string): Promise<CalledWorkflow>;
  /**
   * Runs the workflow as a sub-workflow of this run with `args` (by argument name) and waits
   * for it. Throws when it is refused (depth, arguments), fails or is cancelled; aborting
   * `signal` cancels the child run.
   */
  call(workflowId: string, args: Readonly<Record<string, unknown>>, signal?: AbortSignal): Promise<WorkflowCallResult>;
}
