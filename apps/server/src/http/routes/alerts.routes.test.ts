import type { WorkflowAlerts } from '@weft/core';
import { expect, it } from 'vitest';
import { addSecret, createWorkflow } from '../../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';

const NONE = { emails: [], slack: null, webhookUrl: null, errorWorkflowId: null };

describeEachDatabase('Alert settings routes', (database) => {
  const weft = useTestWeft(database);

  const call = (user: SignedIn, method: Method, url: string, payload?: unknown) =>
    weft().app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const put = (user: SignedIn, workflowId: string, body: unknown) => call(user, 'PUT', `/api/workflows/${workflowId}/alerts`, body);

  it('answers no destinations for a workflow without alerts, then what was saved, and forgets them when emptied', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, greetingWorkflow());
    const errorId = await createWorkflow(weft(), user, greetingWorkflow('On failure'));
    await addSecret(weft(), user, 'SLACK_HOOK', 'https://hooks.slack.com/services/T1/B1/secret');

    const empty = await call(user, 'GET', `/api/workflows/${id}/alerts`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ alerts: { ...NONE, errorWorkflowName: null, failingSince: null, lastAlert: null } });

    const saved = await put(user, id, {
      emails: [' Ops@Example.com ', 'ops@example.com', 'dev@example.com'],
      slack: { mode: 'webhook', secret: 'SLACK_HOOK' },
      webhookUrl: 'https://hooks.example.com/weft?token={{secrets.SLACK_HOOK}}',
      errorWorkflowId: errorId,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const alerts = saved.json().alerts as WorkflowAlerts;
    expect(alerts).toEqual({
      emails: ['Ops@Example.com', 'dev@example.com'],
      slack: { mode: 'webhook', secret: 'SLACK_HOOK', channel: '', apiUrl: null },
      webhookUrl: 'https://hooks.example.com/weft?token={{secrets.SLACK_HOOK}}',
      errorWorkflowId: errorId,
      errorWorkflowName: 'On failure',
      failingSince: null,
      lastAlert: null,
    });
    // The secret's value never comes back, only its name.
    expect(saved.body).not.toContain('hooks.slack.com');
    expect((await call(user, 'GET', `/api/workflows/${id}/alerts`)).json().alerts).toEqual(alerts);

    const cleared = await put(user, id, NONE);
    expect(cleared.json().alerts).toMatchObject(NONE);
    const rows = await weft().services.db.selectFrom('workflow_alerts').select('workflow_id').where('workflow_id', '=', id).execute();
    expect(rows).toEqual([]);
  });

  it('answers 404 for another user’s workflow, and refuses another user’s workflow as error workflow', async () => {
    const owner = await signUp(weft());
    const other = await signUp(weft());
    const id = await createWorkflow(weft(), owner, greetingWorkflow());
    const theirs = await createWorkflow(weft(), other, greetingWorkflow());
    for (const [method, url, body] of [
      ['GET', `/api/workflows/${id}/alerts`, undefined],
      ['PUT', `/api/workflows/${id}/alerts`, { emails: ['x@example.com'] }],
      ['DELETE', `/api/workflows/${id}/alerts`, undefined],
      ['POST', `/api/workflows/${id}/alerts/test`, undefined],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Workflow not found');
    }
    const named = await put(owner, id, { errorWorkflowId: theirs });
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toBe('errorWorkflowId: Error workflow not found: pick one of your own workflows');
    const self = await put(owner, id, { errorWorkflowId: id });
    expect(self.json().message).toBe('errorWorkflowId: A workflow cannot be its own error workflow: pick another one');
  });

  it.each([
    [{ emails: ['not an address'] }, 'emails.0: Enter a valid e-mail address, such as ops@example.com'],
    [{ emails: Array.from({ length: 11 }, (_, i) => `a${i}@example.com`) }, 'emails: At most 10 addresses'],
    [{ webhookUrl: 'ftp://example.com/hook' }, 'webhookUrl: Enter a web address starting with https:// (or http://); put a token in it as {{secrets.NAME}}'],
    [{ slack: { mode: 'bot', secret: 'SLACK_TOKEN' } }, 'slack.channel: A bot posts to a channel: give its ID (C0123ABCDEF) or #name'],
    [{ slack: { mode: 'webhook', secret: 'NOT_THERE' } }, 'slack.secret: No secret named NOT_THERE: add it under Settings → Secrets first'],
    [{ webhookUrl: '{{secrets.MISSING}}' }, 'webhookUrl: No secret named MISSING: add it under Settings → Secrets first'],
    [{ email: 'typo@example.com' }, 'Unknown field "email": the fields are emails, slack, webhookUrl and errorWorkflowId'],
  ])('refuses %j with a message naming the field', async (body, message) => {
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, greetingWorkflow());
    const res = await put(user, id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('loses its error workflow when that workflow is deleted', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, greetingWorkflow());
    const errorId = await createWorkflow(weft(), user, greetingWorkflow('On failure'));
    expect((await put(user, id, { emails: ['ops@example.com'], errorWorkflowId: errorId })).statusCode).toBe(200);
    expect((await call(user, 'DELETE', `/api/workflows/${errorId}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', `/api/workflows/${id}/alerts`)).json().alerts).toMatchObject({ emails: ['ops@example.com'], errorWorkflowId: null });
  });

  it('refuses a test alert while nothing is set', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, greetingWorkflow());
    const res = await call(user, 'POST', `/api/workflows/${id}/alerts/test`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^This workflow has no alert destinations yet/);
  });
});
