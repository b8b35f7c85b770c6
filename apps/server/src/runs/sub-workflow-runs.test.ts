import { expect, it } from 'vitest';
import { useModelAndShop } from '../test-support/model-and-shop.js';
import type { PeerToolResult, PeerTurn } from '../test-support/openai-peer.js';
import { createWorkflow, edge, node, runAndWait, workflow } from '../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * Sub-workflows (issue 23, the Run Workflow node) through the HTTP API: a flow calling
 * another workflow, an agent calling one as a tool against the OpenAI-compatible peer, a
 * workflow calling itself stopped at the depth limit, a cancel reaching the child, and
 * another user's workflow refused.
 */

interface Summary {
  id: string;
  workflowId: string;
  status: string;
  trigger: string;
  error: string | null;
  parentExecutionId?: string;
}

describeEachDatabase('Run Workflow', (database) => {
  const weft = useTestWeft(database);
  const { model, shop } = useModelAndShop();

  /** A workflow with one run input, "Question", answering "child got <question>". */
  const child = () =>
    workflow(
      'Child',
      [
        node('question', 'input.text', { text: '', askOnRun: true }, 'Question'),
        node('reply', 'code.javascript', { code: 'return "child got " + input;' }, 'Reply'),
        node('answer', 'output'),
      ],
      [edge('question', 'reply'), edge('reply', 'answer')],
    );

  async function history(user: SignedIn, query = 'trigger=workflow'): Promise<Summary[]> {
    const res = await weft().app.inject({ method: 'GET', url: `/api/executions?${query}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().executions as Summary[];
  }

  it('runs another workflow in a flow and outputs its answer; the child is its own execution, linked', async () => {
    const user = await signUp(weft());
    const childId = await createWorkflow(weft(), user, child());
    const parentId = await createWorkflow(
      weft(),
      user,
      workflow(
        'Parent',
        [node('text', 'input.text', { text: 'hello' }, 'Text'), node('call', 'workflow.run', { workflowId: childId }, 'Call child'), node('out', 'output')],
        [edge('text', 'call'), edge('call', 'out')],
      ),
    );
    const execution = await runAndWait(weft(), user, parentId);

    expect(execution.status, execution.error ?? '').toBe('success');
    expect(execution.outputs.out).toBe('child got hello');
    const [sub] = await history(user);
    expect(sub).toMatchObject({ workflowId: childId, trigger: 'workflow', status: 'success', parentExecutionId: execution.id });
    expect(execution.nodes.call?.logs.some((line) => line.message.includes(sub?.id ?? '?'))).toBe(true);
  });

  it('lends a workflow to an agent as a tool whose arguments are its run inputs', async () => {
    model().set({
      turn: ((_request: unknown, results: readonly PeerToolResult[]): PeerTurn =>
        results.length === 0 ? { toolCalls: [{ name: 'ask_child', arguments: { question: 'hi' } }] } : { text: `Got: ${results[0]?.content}` }) as never,
    });
    const user = await signUp(weft());
    const childId = await createWorkflow(weft(), user, child());
    const parentId = await createWorkflow(
      weft(),
      user,
      workflow(
        'Agent parent',
        [
          node('agent', 'ai.agent', { provider: 'openai-compatible', baseUrl: model().url, model: 'test-model', task: 'Ask the child.' }, 'Agent'),
          node('call', 'workflow.run', { workflowId: childId }, 'Ask child'),
          node('out', 'output'),
        ],
        [edge('call', 'agent', 'tool', 'tools'), edge('agent', 'out')],
      ),
    );
    const execution = await runAndWait(weft(), user, parentId);

    expect(execution.status, execution.error ?? '').toBe('success');
    expect(String(execution.outputs.out)).toContain('child got hi');
    const sent = JSON.stringify(model().requests.find((r) => JSON.stringify(r.json).includes('ask_child'))?.json);
    expect(sent).toContain('"question"');
    const [sub] = await history(user);
    expect(sub).toMatchObject({ workflowId: childId, status: 'success', parentExecutionId: execution.id });
  });

  it('stops a workflow calling itself at the depth limit, saying so', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, workflow('Loop', [node('out', 'output')], []));
    const loop = workflow('Loop', [node('call', 'workflow.run', { workflowId: id }, 'Call myself'), node('out', 'output')], [edge('call', 'out')]);
    const saved = await weft().app.inject({ method: 'PUT', url: `/api/workflows/${id}`, headers: user.headers, payload: { baseVersion: 1, document: loop } });
    expect(saved.statusCode, saved.body).toBe(200);

    const execution = await runAndWait(weft(), user, id);

    expect(execution.status).toBe('error');
    expect(execution.error).toMatch(/5 deep at most.*call itself/);
    const subs = await history(user);
    expect(subs).toHaveLength(5);
    expect(subs.every((s) => s.status === 'error')).toBe(true);
  });

  it('cancels the child when the calling run is cancelled', async () => {
    const user = await signUp(weft());
    const childId = await createWorkflow(
      weft(),
      user,
      workflow(
        'Slow child',
        [node('slow', 'http.request', { method: 'GET', url: `${shop().url}/slow` }, 'Slow'), node('out', 'output')],
        [edge('slow', 'out')],
      ),
    );
    const parentId = await createWorkflow(
      weft(),
      user,
      workflow('Parent', [node('call', 'workflow.run', { workflowId: childId }, 'Call'), node('out', 'output')], [edge('call', 'out')]),
    );
    const started = await weft().app.inject({ method: 'POST', url: `/api/workflows/${parentId}/run`, headers: user.headers, payload: {} });
    expect(started.statusCode, started.body).toBe(202);
    const parentExecution = (started.json() as { execution: { id: string } }).execution.id;
    await expect.poll(async () => (await history(user)).map((s) => s.status), { timeout: 10_000 }).toEqual(['running']);

    const cancelled = await weft().app.inject({ method: 'POST', url: `/api/executions/${parentExecution}/cancel`, headers: user.headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expect.poll(async () => (await history(user)).map((s) => s.status), { timeout: 10_000 }).toEqual(['cancelled']);
    await expect.poll(async () => (await history(user, `workflowId=${parentId}`)).map((s) => s.status), { timeout: 10_000 }).toEqual(['cancelled']);
  });

  it('refuses another user’s workflow as it refuses a missing one, naming the id', async () => {
    const owner = await signUp(weft());
    const other = await signUp(weft());
    const childId = await createWorkflow(weft(), owner, child());
    const missing = '00000000-0000-4000-8000-000000000000';
    const callerOf = (target: string) =>
      workflow(
        'Thief',
        [node('call', 'workflow.run', { workflowId: target, inputs: { question: 'x' } }, 'Call'), node('out', 'output')],
        [edge('call', 'out')],
      );

    const stolen = await runAndWait(weft(), other, await createWorkflow(weft(), other, callerOf(childId)));
    const absent = await runAndWait(weft(), other, await createWorkflow(weft(), other, callerOf(missing)));

    expect(stolen.status).toBe('error');
    expect(stolen.error).toContain(`Workflow ${childId} is not one of your workflows`);
    expect(absent.error).toBe(stolen.error?.replace(childId, missing));
    expect(await history(owner, `workflowId=${childId}`)).toEqual([]);
  });
});
