import { runAnswer, runOutputNodeIds, sameInputForAll } from '@weft/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isActiveStatus } from '../../runs/execution-types.js';
import type { WebhooksService } from '../../triggers/webhooks.service.js';
import { badRequest, notFound } from '../http-error.js';
import { bodyRunInput, idempotencyKeyOf, sessionIdOf, webhookIdempotencyKey } from '../run-request.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';
import { DEFAULT_WAIT_TIMEOUT_MS, type RunStarter, WORKFLOW_NOT_FOUND } from './workflow-run.routes.js';

export interface WebhooksRoutesDeps {
  webhooks: WebhooksService;
  runs: RunStarter;
  /** How long a `respond: output` call waits for the run; 5 minutes unless a test says less. */
  waitTimeoutMs?: number;
}

export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
/** One answer for an unknown workflow and a wrong token, so the URL gives nothing away. */
export const WEBHOOK_NOT_FOUND = 'No webhook at this address. Copy the URL again from the workflow: it changes when the webhook is regenerated.';

const idParams = z.object({ id: z.string().min(1).max(100) });
const hookParams = z.object({ workflowId: z.string().min(1).max(100), token: z.string().min(1).max(200) });
const enableBody = z.object({
  respond: z.enum(['output', 'accepted'], { error: "respond must be 'output' or 'accepted'" }).optional(),
  regenerate: z.boolean({ error: 'regenerate must be true or false' }).optional(),
});

/** Webhook management for the workflow's owner, and the public webhook URL itself. */
export function webhooksRoutes(app: FastifyInstance, deps: WebhooksRoutesDeps): void {
  const { webhooks, runs } = deps;
  const waitTimeoutMs = deps.waitTimeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;

  app.get('/api/workflows/:id/webhook', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const result = await webhooks.get(user.id, id);
    if (!result.ok) throw notFound(WORKFLOW_NOT_FOUND);
    return { webhook: result.webhook };
  });

  app.put('/api/workflows/:id/webhook', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const options = parseInput(enableBody, request.body);
    const result = await webhooks.enable(user.id, id, options);
    if (!result.ok) throw notFound(WORKFLOW_NOT_FOUND);
    return { webhook: result.webhook };
  });

  app.delete('/api/workflows/:id/webhook', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    if (!(await webhooks.disable(user.id, id))) throw notFound(WORKFLOW_NOT_FOUND);
    return reply.code(204).send();
  });

  // Its own scope: any content type is taken as raw bytes, up to 1 MB, and read by
  // webhookInput; the JSON API's parsers and 10 MB limit stay as they are elsewhere.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post('/hooks/:workflowId/:token', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      const params = hookParams.safeParse(request.params);
      const target = params.success ? await webhooks.authenticate(params.data.workflowId, params.data.token) : undefined;
      if (!target) throw notFound(WEBHOOK_NOT_FOUND);

      const { workflow } = target;
      const input = bodyRunInput(request.headers['content-type'], request.body as Buffer | undefined);
      const started = await runs.start({
        userId: target.userId,
        workflowId: workflow.id,
        // Read with the token: the run does not read it again.
        workflow,
        trigger: 'webhook',
        inputs: sameInputForAll(workflow.parsed.nodes, input),
        idempotencyKey: webhookIdempotencyKey(workflow.id, idempotencyKeyOf(request.headers)),
        answerWanted: target.respond === 'output',
        sessionId: sessionIdOf(request.headers),
      });
      if (!started.ok) {
        // Deleted between the lookup and the start: as if it had never been there.
        if (started.reason === 'not_found') throw notFound(WEBHOOK_NOT_FOUND);
        throw badRequest(started.message, 'invalid_workflow');
      }
      const executionId = started.execution.id;
      if (target.respond === 'accepted') return reply.code(202).send({ executionId });

      const detail = await runs.waitFor(executionId, waitTimeoutMs);
      if (isActiveStatus(detail.status)) return reply.code(202).send({ executionId });
      if (detail.status !== 'success') {
        return reply.code(500).send({ error: detail.error ?? 'The run was cancelled before it finished.', executionId });
      }
      const value = runAnswer(runOutputNodeIds(workflow.parsed.nodes), detail.outputs ?? {});
      // A text output answers as text, so a caller gets exactly what the workflow produced.
      if (typeof value === 'string') return reply.code(200).type('text/plain; charset=utf-8').send(value);
      return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(value));
    });
  });
}
