import type { RunEvent } from '@weft/core';
import { defineNode } from '@weft/nodes';
import { expect, it } from 'vitest';
import {
  createWorkflow,
  edge,
  GATE_NODE_TYPE,
  gateNodeType,
  gates,
  insertStaleWorkflow,
  insertWorkflow,
  node,
  withNodeTypes,
  workflow,
} from '../test-support/run-fixtures.js';
import { storedExecutionRow } from '../test-support/run-records.js';
import { describeEachDatabase, signUp, useTestWeft } from '../test-support/test-weft.js';
import type { ExecutionDetail } from './execution-types.js';
import { toDetail } from './executions.repository.js';
import { storedEventsOf } from './run-data-storage.js';
import { MAX_STORED_BYTES, PREVIEW_CHARS } from './stored-value.js';

const SECRET = 'sk-live-7f3a9c0e5b1d';

/** No built-in is a preview any more; the refusal still guards definitions that are. */
const laterNodeType = defineNode({
  type: 'test.later',
  version: 1,
  title: 'Later Node',
  category: 'Logic',
  description: 'Runs in a later release.',
  inputs: [],
  outputs: [{ id: 'output', label: 'Value', type: 'any' }],
  config: [],
  preview: true,
});

describeEachDatabase('RunService', (database) => {
  const held = gates();
  const getWeft = useTestWeft(database, { ...withNodeTypes(gateNodeType(held), laterNodeType) });

  /** The execution as stored in its row (not from the service's memory). */
  const storedRow = (id: string) => storedExecutionRow(getWeft(), id);
  async function stored(id: string): Promise<ExecutionDetail> {
    return toDetail(await storedRow(id));
  }
  async function storedEvents(id: string): Promise<RunEvent[]> {
    return storedEventsOf(await storedRow(id), id);
  }

  it('runs Text Input → Template → Condition → Output and stores every node, the output and the events', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const workflowId = await createWorkflow(
      weft,
      user,
      workflow(
        'Greeting',
        [
          node('in', 'input.text', { text: 'Hello {{params.audience}}' }),
          node('tpl', 'text.template', { template: 'Say: {{input}}' }),
          node('check', 'logic.condition', { operator: 'contains', value: 'Hello' }),
          node('yes', 'output'),
          node('no', 'output'),
        ],
        [edge('in', 'tpl'), edge('tpl', 'check'), edge('check', 'yes', 'true'), edge('check', 'no', 'false')],
        { audience: 'friends' },
      ),
    );
    const started = await weft.services.runs.start({ userId: user.userId, workflowId, trigger: 'manual' });
    if (!started.ok) throw new Error(started.message);
    expect(started.reused).toBe(false);
    expect(started.execution).toMatchObject({ workflowId, workflowName: 'Greeting', workflowVersion: 1, trigger: 'manual' });

    const done = await weft.services.runs.waitFor(started.execution.id);
    expect(done.status).toBe('success');

    const execution = await stored(started.execution.id);
    expect(execution).toMatchObject({ status: 'success', error: null, trigger: 'manual', outputs: { yes: 'Say: Hello friends' } });
    expect(execution.durationMs).toBeGreaterThanOrEqual(0);
    expect(execution.nodes.in).toMatchObject({ status: 'success', attempts: 1, inputs: {}, outputs: { output: 'Hello friends' } });
    expect(execution.nodes.tpl).toMatchObject({ status: 'success', inputs: { input: 'Hello friends' }, outputs: { output: 'Say: Hello friends' } });
    expect(execution.nodes.check).toMatchObject({ status: 'success', outputs: { true: 'Say: Hello friends' } });
    expect(execution.nodes.check?.logs).toEqual([expect.objectContaining({ level: 'info', message: expect.stringContaining('→ true') })]);
    expect(execution.nodes.yes).toMatchObject({ status: 'success', inputs: { input: 'Say: Hello friends' } });
    // The branch not taken.
    expect(execution.nodes.no).toMatchObject({ status: 'skipped', skipReason: expect.stringContaining('not taken'), inputs: null });

    const events = await storedEvents(started.execution.id);
    expect(events[0]?.type).toBe('run:started');
    expect(events.at(-1)).toMatchObject({ type: 'run:finished', status: 'success', outputs: { yes: 'Say: Hello friends' } });
    expect(events.every((event) => event.runId === started.execution.id)).toBe(true);

    const saved = await weft.services.db
      .selectFrom('workflows')
      .select(['last_run_status', 'last_run_at'])
      .where('id', '=', workflowId)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ last_run_status: 'success', last_run_at: execution.finishedAt });
  });

  it('refuses to start a workflow with a preview node, an unknown node type, an unconnected input or an empty required field, naming the node', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const run = (workflowId: string) => weft.services.runs.start({ userId: user.userId, workflowId, trigger: 'manual' });

    const preview = await insertWorkflow(
      weft,
      user.userId,
      workflow('Preview', [node('later', 'test.later', {}, 'Soon'), node('out', 'output')], [edge('later', 'out')]),
    );
    expect(await run(preview)).toEqual({ ok: false, reason: 'invalid', message: expect.stringMatching(/^Node "Soon" \(Later Node\) cannot run yet/) });

    const unknown = await insertStaleWorkflow(weft, user.userId, workflow('Unknown', [node('x', 'nope.nothing', {}, 'Mystery')], []));
    expect(await run(unknown)).toEqual({ ok: false, reason: 'invalid', message: expect.stringContaining('Node "Mystery" has type "nope.nothing"') });

    const loose = await createWorkflow(weft, user, workflow('Loose', [node('out', 'output', {}, 'Result')], []));
    expect(await run(loose)).toEqual({ ok: false, reason: 'invalid', message: expect.stringContaining('Node "Result" needs its "Value" input connected') });

    // Saved unfinished (templates are), refused at run naming node and field: the form's rule.
    const unfinished = await createWorkflow(
      weft,
      user,
      workflow(
        'Unfinished',
        [node('in', 'input.text', { text: 'x' }), node('http', 'http.request', { url: '  ' }, 'Fetch'), node('out', 'output')],
        [edge('in', 'http'), edge('http', 'out')],
      ),
    );
    expect(await run(unfinished)).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Node "Fetch" cannot run: URL is required. Open its settings to fix it, then run again.',
    });

    expect(await run('00000000-0000-0000-0000-000000000000')).toMatchObject({ ok: false, reason: 'not_found' });
    const count = await weft.services.db
      .selectFrom('executions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('fills {{secrets.NAME}} and masks the value in stored outputs, logs, errors and events', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const created = await weft.services.secrets.create(user.userId, { name: 'API_TOKEN', value: SECRET });
    expect(created.ok).toBe(true);
    const workflowId = await createWorkflow(
      weft,
      user,
      workflow(
        'Secretive',
        [
          node('in', 'input.text', { text: 'token={{params.token}}' }),
          node('check', 'logic.condition', { operator: 'contains', value: '{{secrets.API_TOKEN}}' }),
          node('out', 'output'),
        ],
        [edge('in', 'check'), edge('check', 'out', 'true')],
        { token: '{{secrets.API_TOKEN}}' },
      ),
    );
    const started = await weft.services.runs.start({ userId: user.userId, workflowId, trigger: 'manual', inputs: { in: `echo ${SECRET}` } });
    if (!started.ok) throw new Error(started.message);
    const done = await weft.services.runs.waitFor(started.execution.id);
    // The condition only passes if both sides got the real value.
    expect(done.status).toBe('success');

    const row = await storedRow(started.execution.id);
    const everything = JSON.stringify(row);
    expect(everything).not.toContain(SECRET);
    const execution = toDetail(row);
    expect(execution.outputs).toEqual({ out: 'token=••••' });
    expect(execution.inputs).toEqual({ in: 'echo ••••' });
    expect(execution.nodes.check?.logs[0]?.message).toContain('••••');
    expect(JSON.stringify(await weft.services.runs.get(user.userId, started.execution.id))).not.toContain(SECRET);

    // An error that quotes the value.
    const failing = await insertWorkflow(weft, user.userId, workflow('Leaky', [node('boom', GATE_NODE_TYPE, { fail: 'bad key {{secrets.API_TOKEN}}' })], []));
    const failed = await weft.services.runs.start({ userId: user.userId, workflowId: failing, trigger: 'manual' });
    if (!failed.ok) throw new Error(failed.message);
    expect(await weft.services.runs.waitFor(failed.execution.id)).toMatchObject({ status: 'error', error: 'boom: bad key ••••' });
    const failedRow = await storedRow(failed.execution.id);
    expect(JSON.stringify(failedRow)).not.toContain(SECRET);
    expect(toDetail(failedRow).nodes.boom?.error).toBe('bad key ••••');
  });

  it('fails the node that names a missing secret, saying where to add it', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const workflowId = await createWorkflow(
      weft,
      user,
      workflow('Missing', [node('in', 'input.text', { text: '{{secrets.NOPE}}' }), node('out', 'output')], [edge('in', 'out')]),
    );
    const started = await weft.services.runs.start({ userId: user.userId, workflowId, trigger: 'manual' });
    if (!started.ok) throw new Error(started.message);
    await weft.services.runs.waitFor(started.execution.id);
    const execution = await stored(started.execution.id);
    expect(execution.status).toBe('error');
    expect(execution.nodes.in).toMatchObject({ status: 'error', error: 'Secret "NOPE" does not exist. Add it in Settings → Secrets.' });
    expect(execution.error).toContain('Secret "NOPE" does not exist');
  });

  it('stores values over 64 KB cut, with a preview and the size', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const workflowId = await createWorkflow(
      weft,
      user,
      workflow('Big', [node('in', 'input.text', { askOnRun: true }), node('out', 'output')], [edge('in', 'out')]),
    );
    const big = 'é'.repeat(40_000); // 80,000 bytes as UTF-8
    const started = await weft.services.runs.start({ userId: user.userId, workflowId, trigger: 'api', inputs: { in: big } });
    if (!started.ok) throw new Error(started.message);
    await weft.services.runs.waitFor(started.execution.id);
    const execution = await stored(started.execution.id);
    const note = { $truncated: true, preview: big.slice(0, PREVIEW_CHARS), bytes: 80_000 };
    expect(execution.status).toBe('success');
    expect(execution.inputs).toEqual({ in: note });
    expect(execution.nodes.in?.outputs).toEqual({ output: note });
    expect(execution.outputs).toEqual({ out: note });
    expect((await storedRow(started.execution.id)).events?.length).toBeLessThan(4 * (PREVIEW_CHARS * 2 + 1000));
    expect(80_000).toBeGreaterThan(MAX_STORED_BYTES);
  });

  it('answers the first execution again for a repeated idempotency key, also under a race', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const workflowId = await createWorkflow(
      weft,
      user,
      workflow('Once', [node('in', 'input.text', { text: 'x' }), node('out', 'output')], [edge('in', 'out')]),
    );
    const start = () => weft.services.runs.start({ userId: user.userId, workflowId, trigger: 'api', idempotencyKey: 'order-42' });
    const first = await start();
    const again = await start();
    if (!first.ok || !again.ok) throw new Error('start failed');
    expect(first.reused).toBe(false);
    expect(again).toMatchObject({ reused: true, execution: { id: first.execution.id } });

    const raced = await Promise.all(
      Array.from({ length: 6 }, () => weft.services.runs.start({ userId: user.userId, workflowId, trigger: 'api', idempotencyKey: 'order-43' })),
    );
    const ids = new Set(raced.map((result) => (result.ok ? result.execution.id : 'failed')));
    expect(ids.size).toBe(1);
    expect(raced.filter((result) => result.ok && !result.reused)).toHaveLength(1);
    const rows = await weft.services.db.selectFrom('executions').select('id').where('user_id', '=', user.userId).execute();
    expect(rows).toHaveLength(2);
  });
});
