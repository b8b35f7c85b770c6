import { MAX_APPROVAL_REASON_LENGTH } from '@weft/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RunService } from '../../runs/run.service.js';
import { type Caller, mayCallWorkflow, requireCaller } from '../caller-auth.js';
import { conflict, notFound } from '../http-error.js';
import { parseInput } from '../validate.js';

export interface ApprovalsRoutesDeps {
  runs: RunService;
}

export const APPROVAL_NOT_FOUND = 'Approval not found';

const idParams = z.object({ id: z.string().min(1).max(100) });
const decisionBody = z
  .object({
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .max(MAX_APPROVAL_REASON_LENGTH, { error: `reason must be at most ${MAX_APPROVAL_REASON_LENGTH} characters` })
      .optional(),
  })
  .default({});

/** Who decided, as the run log and the approval show it: the account, and the key when one was used. */
function deciderOf(caller: Caller): string {
  return caller.via === 'api-key' ? `${caller.user.email} (API key)` : caller.user.email;
}

/**
 * Tool approvals (docs/API.md "Tool approvals"): the caller's pending tool calls, and a
 * decision on one. Own only: another user's approval answers 404; one decided already, 409.
 * API keys may decide for the workflows they may call, as they may run and cancel them.
 */
export function approvalsRoutes(app: FastifyInstance, deps: ApprovalsRoutesDeps): void {
  const { approvals } = deps.runs;

  app.get('/api/approvals', async (request) => {
    const caller = requireCaller(request, { allowApiKey: true, workflowScoped: true });
    return { approvals: await approvals.pending(caller.user.id, caller.workflowIds ?? undefined) };
  });

  const decide = (approved: boolean) => async (request: FastifyRequest) => {
    const caller = requireCaller(request, { allowApiKey: true, workflowScoped: true });
    const { id } = parseInput(idParams, request.params);
    const { reason } = parseInput(decisionBody, request.body ?? {});
    const decision = { approved, reason: reason ? reason : null, decidedBy: deciderOf(caller) };
    const result = await approvals.decide(caller.user.id, id, decision, (workflowId) => mayCallWorkflow(caller, workflowId));
    if (result.ok) return { approval: result.approval };
    if (result.reason === 'not_found') throw notFound(APPROVAL_NOT_FOUND);
    throw conflict(result.message, 'already_decided');
  };
  app.post('/api/approvals/:id/approve', decide(true));
  app.post('/api/approvals/:id/reject', decide(false));
}
