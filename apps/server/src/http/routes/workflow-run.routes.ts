import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MAX_SESSION_ID_LENGTH } from '../../runs/agent-memory.js';
import type { ExecutionDetail, ExecutionSummary } from '../../runs/execution-types.js';
import { isActiveStatus } from '../../runs/execution-types.js';
import type { RunService } from '../../runs/run.service.js';
import { LARGE_BODY_LIMIT } from '../body-guard.js';
import { mayCallWorkflow, requireCaller } from '../caller-auth.js';
import { badRequest, notFound } from '../http-error.js';
import { idempotencyKeyOf } from '../run-request.js';
import { parseInput } from '../validate.js';

/** What the run routes and the webhook need of the run service. */
export type RunStarter = Pick<RunService, 'start' | 'waitFor'>;

export interface WorkflowRunRoutesDeps {
  runs: RunStarter;
  /** How long `?wait=true` holds the request before answering 202; 5 minutes unless a test says less. */
  waitTimeoutMs?: number;
}

export const DEFAULT_WAIT_TIMEOUT_MS = 5 * 60_000;
export const WORKFLOW_NOT_FOUND = 'Workflow not found';

const idParams = z.object({ id: z.string().min(1).max(100) });
const runBody = z.object({
  /** The conversation an Agent with memory continues (docs/API.md "Agent memory"). */
  sessionId: z
    .string({ error: 'sessionId must be text, such as a UUID' })
    .min(1)
    .max(MAX_SESSION_ID_LENGTH)
    .regex(/^[\x21-\x7e]+$/, { error: `sessionId must be 1 to ${MAX_SESSION_ID_LENGTH} printable characters without spaces, such as a UUID` })
    .optional(),
  inputs: z.record(z.string(), z.unknown(), { error: 'inputs must be an object of values by node id, e.g. { "in": "hello" }' }).optional(),
  /** Run one node (reusing the last runs' upstream outputs) or everything up to it. */
  target: z
    .object({
      nodeId: z.string({ error: 'target.nodeId must be the id of a node in the workflow' }).min(1).max(200),
      mode: z.enum(['node', 'up-to'], { error: 'target.mode must be "node" (this node only) or "up-to" (this node and everything before it)' }),
    })
    .optional(),
});
const runQuery = z.object({
  wait: z.enum(['true', 'false'], { error: 'wait must be true or false' }).optional(),
});

/** The ExecutionSummary fields of a detail, for a wait that ran out before the run ended. */
function summaryOf(detail: ExecutionDetail): ExecutionSummary {
  const { inputs: _inputs, outputs: _outputs, usage: _usage, nodes: _nodes, ...summary } = detail;
  return summary;
}

/**
 * `POST /api/workflows/:id/run` (docs/API.md "Running workflows"): with a session it is
 * a manual run, with an API key an `api` run. The same Idempotency-Key answers the first
 * execution (200) instead of starting another.
 */
export function workflowRunRoutes(app: FastifyInstance, deps: WorkflowRunRoutesDeps): void {
  const { runs } = deps;
  const waitTimeoutMs = deps.waitTimeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;

  app.post('/api/workflows/:id/run', { bodyLimit: LARGE_BODY_LIMIT }, async (request, reply: FastifyReply) => {
    const caller = requireCaller(request, { allowApiKey: true, workflowScoped: true });
    const { id } = parseInput(idParams, request.params);
    // A key limited to other workflows learns nothing about this one.
    if (!mayCallWorkflow(caller, id)) throw notFound(WORKFLOW_NOT_FOUND);
    const { inputs, target, sessionId } = parseInput(runBody, request.body);
    const { wait } = parseInput(runQuery, request.query);
    const idempotencyKey = idempotencyKeyOf(request.headers);

    const started = await runs.start({
      userId: caller.user.id,
      workflowId: id,
      trigger: caller.via === 'api-key' ? 'api' : 'manual',
      inputs: inputs ?? {},
      idempotencyKey,
      answerWanted: wait === 'true',
      target,
      sessionId,
    });
    if (!started.ok) {
      if (started.reason === 'not_found') throw notFound(WORKFLOW_NOT_FOUND);
      throw badRequest(started.message, 'invalid_workflow');
    }
    const firstAnswer = started.reused ? 200 : 202;
    // A partial or pinned run says which nodes it calls and which it feeds (RunScope).
    const scope = started.scope ? { scope: started.scope } : {};
    if (wait !== 'true') return reply.code(firstAnswer).send({ execution: started.execution, ...scope });

    const detail = await runs.waitFor(started.execution.id, waitTimeoutMs);
    // Still running when the wait ran out: the caller polls GET /api/executions/:id.
    if (isActiveStatus(detail.status)) return reply.code(202).send({ execution: summaryOf(detail) });
    return reply.code(200).send({ execution: detail, ...scope });
  });
}
