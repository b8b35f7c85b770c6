import type { ToolApproval } from '@weft/core';
import { afterEach, describe, expect, it } from 'vitest';
import { approvalWorkflow, refundScript, shopCalls } from '../test-support/approval-fixtures.js';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { type OpenAiPeer, startOpenAiPeer } from '../test-support/openai-peer.js';
import { createWeftPlace, removeWeftPlace, type WeftPlace } from '../test-support/restartable-weft.js';
import { type SourceWeft, signUpOn, startSourceWeft } from '../test-support/source-weft.js';
import { TEST_DATABASE_URL } from '../test-support/test-weft.js';

interface ExecutionView {
  id: string;
  status: string;
  error: string | null;
  outputs: Record<string, unknown>;
  nodes: Record<string, { status: string; steps?: { status: string }[] }>;
}

/**
 * "Approval across a restart" (issue 23): the server is a real process, killed (SIGKILL)
 * while a run waits for approval, and started again on the same data folder; the wait is
 * in the database, so the new process lists it and, once it is approved there, runs the
 * rest: the tool, the model's answer, and not the lookup before the agent (counted at the
 * HTTP peer). Each start from the sources takes seconds, hence the long timeout.
 */
describe.each(['sqlite', 'postgres'] as const)('a run waiting for approval survives a crash of the server (%s, real process kill)', (database) => {
  let place: WeftPlace | undefined;
  let weft: SourceWeft | undefined;
  let model: OpenAiPeer | undefined;
  let shop: HttpPeer | undefined;
  afterEach(async () => {
    await weft?.kill();
    await model?.close();
    await shop?.close();
    if (place) removeWeftPlace(place);
    place = undefined;
    weft = undefined;
  });

  it('lists the waiting call after the restart, and approving it there finishes the run without running the earlier nodes again', {
    timeout: 300_000,
  }, async () => {
    place = await createWeftPlace(database);
    // A spawned process has no pgSchema option: the schema goes in the URL, as an operator's would.
    const url = new URL(TEST_DATABASE_URL);
    if (place.schema) url.searchParams.set('options', `-c search_path=${place.schema}`);
    const databaseEnv: Record<string, string> = place.schema ? { DATABASE_URL: url.toString() } : {};
    model = await startOpenAiPeer({ tokenDelayMs: 0, turn: refundScript as never });
    shop = await startHttpPeer();
    const start = async () => {
      weft = await startSourceWeft({ dataDir: (place as WeftPlace).dataDir, env: { WEFT_ALLOW_PRIVATE_NETWORK: '1', ...databaseEnv } });
      return weft;
    };
    let server = await start();
    const token = await signUpOn(server);
    const created = await server.call<{ workflow: { id: string } }>('POST', '/api/workflows', { body: approvalWorkflow(shop.url, model.url), token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ran = await server.call<{ execution: ExecutionView }>('POST', `/api/workflows/${created.body.workflow.id}/run?wait=true`, { body: {}, token });
    expect(ran.body.execution.status, ran.body.execution.error ?? '').toBe('waiting');
    const executionId = ran.body.execution.id;
    expect(shopCalls(shop, 'lookup')).toBe(1);

    await server.kill();
    server = await start();

    const listed = await server.call<{ approvals: ToolApproval[] }>('GET', '/api/approvals', { token });
    expect(listed.body.approvals).toHaveLength(1);
    const approval = listed.body.approvals[0] as ToolApproval;
    expect(approval).toMatchObject({ executionId, toolName: 'refund_order', arguments: { orderId: '42' } });
    const stillWaiting = await server.call<{ execution: ExecutionView }>('GET', `/api/executions/${executionId}`, { token });
    expect(stillWaiting.body.execution.status).toBe('waiting');

    const approved = await server.call('POST', `/api/approvals/${approval.id}/approve`, { body: {}, token });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await shop.waitForRequests(2, { timeoutMs: 60_000 });
    // Waits for the end by polling the execution (the condition), not for a guessed time.
    let execution: ExecutionView | undefined;
    for (let tries = 0; tries < 600; tries++) {
      execution = (await server.call<{ execution: ExecutionView }>('GET', `/api/executions/${executionId}`, { token })).body.execution;
      if (execution.status !== 'running' && execution.status !== 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(execution?.status, execution?.error ?? '').toBe('success');
    expect(String(execution?.outputs.answer)).toContain('"step":"refund"');
    expect(shopCalls(shop, 'refund')).toBe(1);
    expect(shopCalls(shop, 'lookup')).toBe(1);
    expect(execution?.nodes.agent?.steps?.map((step) => step.status)).toEqual(['success', 'waiting', 'success', 'success']);
  });
});
