import { runAnswer, runOutputNodeIds } from '@weft/core';
import type { CalledWorkflow, WorkflowCallResult, WorkflowService } from '@weft/nodes';
import type { Logger } from 'pino';
import { runInputsOf, toolArguments, toolInputSchema } from '../mcp/workflow-tool.js';
import { readRunDocument } from '../workflows/run-document-cache.js';
import type { LoadedWorkflow } from '../workflows/workflow-document.js';
import type { WorkflowLookup } from '../workflows/workflow-lookup.js';
import type { ExecutionsRepository } from './executions.repository.js';
import type { RunService } from './run.service.js';

/**
 * How deep sub-workflows go: a run started by a Run Workflow node is one deeper than the
 * run that called it. Past this, the call is refused, so a workflow calling itself
 * (directly or through others) ends with a message instead of filling the queue.
 */
export const MAX_SUB_WORKFLOW_DEPTH = 5;

export interface SubWorkflowDeps {
  /** The run service, made after the node services it serves (composition.ts): undefined until then. */
  runs: () => Pick<RunService, 'start' | 'waitFor' | 'cancel'> | undefined;
  workflows: Pick<WorkflowLookup, 'loadForRun'>;
  executions: Pick<ExecutionsRepository, 'parentOf'>;
  logger: Pick<Logger, 'error'>;
}

/**
 * The Run Workflow node's service for one run: the run owner's workflows only (another
 * user's id answers as a missing one, named but not told apart), each call an ordinary
 * execution with trigger `workflow` and `parent_execution_id` the calling run, refused past
 * {@link MAX_SUB_WORKFLOW_DEPTH}; the calling node's abort (its run cancelled, an agent's
 * limit) cancels the child.
 */
export function subWorkflowsFor(deps: SubWorkflowDeps, run: { userId: string; executionId: string }): WorkflowService {
  const runs = () => {
    const service = deps.runs();
    if (!service) throw new Error('The run service is not ready');
    return service;
  };
  const load = async (workflowId: string): Promise<LoadedWorkflow> => {
    const row = await deps.workflows.loadForRun(run.userId, workflowId);
    if (!row) throw new Error(`Workflow ${workflowId} is not one of your workflows; check the Workflow ID`);
    return { ...row, parsed: readRunDocument(row.id, row.document) };
  };
  const depthOfCaller = async (): Promise<number> => {
    let depth = 0;
    let id: string | null = run.executionId;
    while (depth <= MAX_SUB_WORKFLOW_DEPTH) {
      id = await deps.executions.parentOf(run.userId, id);
      if (id === null) return depth;
      depth += 1;
    }
    return depth;
  };
  return {
    async describe(workflowId): Promise<CalledWorkflow> {
      const workflow = await load(workflowId);
      return { id: workflow.id, name: workflow.name, parameters: toolInputSchema(toolArguments(workflow.parsed.nodes)) };
    },
    async call(workflowId, args, signal): Promise<WorkflowCallResult> {
      const workflow = await load(workflowId);
      if ((await depthOfCaller()) + 1 > MAX_SUB_WORKFLOW_DEPTH) {
        throw new Error(
          `Sub-workflows go ${MAX_SUB_WORKFLOW_DEPTH} deep at most, and "${workflow.name}" would be deeper: does a workflow call itself, directly or through others?`,
        );
      }
      const inputs = runInputsOf(toolArguments(workflow.parsed.nodes), args);
      if (!inputs.ok) throw new Error(`"${workflow.name}": ${inputs.message}`);
      signal?.throwIfAborted();
      const started = await runs().start({
        userId: run.userId,
        workflowId: workflow.id,
        trigger: 'workflow',
        inputs: inputs.inputs,
        answerWanted: true,
        workflow,
        parentExecutionId: run.executionId,
      });
      if (!started.ok) throw new Error(`"${workflow.name}" could not start: ${started.message}`);
      const executionId = started.execution.id;
      const cancel = () => {
        runs()
          .cancel(run.userId, executionId)
          .catch((error: unknown) => deps.logger.error({ err: error, executionId }, 'Could not cancel a sub-workflow'));
      };
      signal?.addEventListener('abort', cancel, { once: true });
      if (signal?.aborted) cancel();
      let detail: Awaited<ReturnType<RunService['waitFor']>>;
      try {
        detail = await runs().waitFor(executionId);
      } finally {
        signal?.removeEventListener('abort', cancel);
      }
      if (detail.status === 'error') throw new Error(`"${workflow.name}" failed (execution ${executionId}): ${detail.error ?? 'no reason given'}`);
      if (detail.status === 'waiting') {
        // The caller does not wait for a person: the child stays waiting, decided on its own later.
        throw new Error(
          `"${workflow.name}" stopped at a tool call that waits for approval (execution ${executionId}); a Run Workflow step does not wait for that. Approve it there, or turn off Require approval in that workflow.`,
        );
      }
      if (detail.status !== 'success') throw new Error(`"${workflow.name}" was ${detail.status} (execution ${executionId})`);
      const outputIds = runOutputNodeIds(workflow.parsed.nodes);
      return { executionId, answer: outputIds.length === 0 ? null : runAnswer(outputIds, detail.outputs ?? {}) };
    },
  };
}
