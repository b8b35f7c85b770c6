import type { WorkflowDocument } from '@weft/core';
import { expect, it } from 'vitest';
import { captureLogs } from '../../test-support/log-capture.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';

const PUBLIC_URL = 'https://weft.example.test';
const NOT_FOUND = 'No webhook at this address. Copy the URL again from the workflow: it changes when the webhook is regenerated.';

/** Text Input (asks on run) → Template → Output; the template decides success or failure. */
function echoWorkflow(template = 'got {{input}}'): WorkflowDocument {
  const edge = (source: string, target: string) => ({
    id: `${source}-${target}`,
    source,
    sourceHandle: 'output',
    target,
    targetHandle: 'input',
    type: 'custom',
    data: { type: 'text' as const },
  });
  return {
    schemaVersion: 1,
    name: 'Echo',
    nodes: [
      { id: 'in', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'In', type: 'input.text', config: { text: 'typed', askOnRun: true } } },
      { id: 'tpl', type: 'custom', position: { x: 300, y: 0 }, data: { label: 'Tpl', type: 'text.template', config: { template } } },
      { id: 'out', type: 'custom', position: { x: 600, y: 0 }, data: { label: 'Out', type: 'output', config: {} } },
    ],
    edges: [edge('in', 'tpl'), edge('tpl', 'out')],
    globalParameters: {},
  };
}

describeEachDatabase('webhook routes', (database) => {
  const logs = captureLogs('info');
  const weft = useTestWeft(database, { env: { PUBLIC_URL }, logger: logs.logger });

  const api = (user: SignedIn, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    weft().app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const createWorkflow = async (user: SignedIn, document: WorkflowDocument = echoWorkflow()) => {
    const res = await weft().app.inject({ method: 'POST', url: '/api/workflows', headers: user.headers, payload: document });
    expect(res.statusCode).toBe(201);
    return res.json().workflow.id as string;
  };
  const enable = async (user: SignedIn, workflowId: string, body: object = {}) => {
    const res = await api(user, 'PUT', `/api/workflows/${workflowId}/webhook`, body);
    expect(res.statusCode).toBe(200);
    return res.json().webhook as { url: string; respond: 'output' | 'accepted' };
  };
  /** The webhook URL as the server's own path (inject speaks to the app, not to PUBLIC_URL). */
  const pathOf = (url: string) => url.slice(PUBLIC_URL.length);
  const call = (url: string, payload: string | Buffer = 'hello', contentType = 'text/plain') =>
    weft().app.inject({ method: 'POST', url: pathOf(url), headers: { 'content-type': contentType }, payload });

  it('is off until enabled, then answers one URL under PUBLIC_URL', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(user);
    expect((await api(user, 'GET', `/api/workflows/${id}/webhook`)).json()).toEqual({ webhook: null });

    const webhook = await enable(user, id);
    expect(webhook.respond).toBe('output');
    expect(webhook.url).toMatch(new RegExp(`^${PUBLIC_URL}/hooks/${id}/[A-Za-z0-9_-]{43}$`));
    expect((await api(user, 'GET', `/api/workflows/${id}/webhook`)).json()).toEqual({ webhook });
    // Changing the answer mode keeps the URL.
    expect(await enable(user, id, { respond: 'accepted' })).toEqual({ url: webhook.url, respond: 'accepted' });
  });

  it('runs the workflow with a text body and answers with the output as text', async () => {
    const user = await signUp(weft());
    const { url } = await enable(user, await createWorkflow(user));
    const res = await call(url, 'hello there');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('got hello there');
  });

  it('runs the version saved last: an edit reaches the next call, each run names its version', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(user);
    const { url } = await enable(user, id);
    expect((await call(url, 'one')).body).toBe('got one');
    expect((await call(url, 'two')).body).toBe('got two');
    const saved = await weft().app.inject({
      method: 'PUT',
      url: `/api/workflows/${id}`,
      headers: user.headers,
      payload: { baseVersion: 1, document: echoWorkflow('edited {{input}}') },
    });
    expect(saved.statusCode).toBe(200);
    expect((await call(url, 'three')).body).toBe('edited three');
    expect((await call(url, 'four')).body).toBe('edited four');
    const runs = await weft().app.inject({ method: 'GET', url: `/api/executions?workflowId=${id}`, headers: user.headers });
    const versions = (runs.json().executions as { workflowVersion: number }[]).map((run) => run.workflowVersion);
    expect(versions).toEqual([2, 2, 1, 1]);
  });

  it.each([
    ['a JSON body as JSON (a Text Input gives its JSON text)', '{"name": "Ada", "n": [1, 2]}', 'application/json', 'got {"name":"Ada","n":[1,2]}'],
    ['a form as the JSON text of its fields', 'name=Ada+L&tag=a&tag=b', 'application/x-www-form-urlencoded', 'got {"name":"Ada L","tag":["a","b"]}'],
    ['an empty body as empty text', '', 'text/plain', 'got '],
    ['any other type as text', 'raw bytes', 'application/octet-stream', 'got raw bytes'],
  ])('takes %s', async (_what, body, contentType, expected) => {
    const user = await signUp(weft());
    const { url } = await enable(user, await createWorkflow(user));
    const res = await call(url, body, contentType);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(expected);
  });

  it('keeps a JSON body as JSON in the execution inputs', async () => {
    const user = await signUp(weft());
    const { url } = await enable(user, await createWorkflow(user));
    const res = await call(url, '{"order": 7, "items": ["a"]}', 'application/json');
    expect(res.statusCode).toBe(200);
    const [execution] = (await weft().app.inject({ method: 'GET', url: '/api/executions', headers: user.headers })).json().executions;
    const detail = (await weft().app.inject({ method: 'GET', url: `/api/executions/${execution.id}`, headers: user.headers })).json().execution;
    expect(detail.inputs).toEqual({ in: { order: 7, items: ['a'] } });
    expect(detail.trigger).toBe('webhook');
  });

  it('takes a bare POST without a body or a content type', async () => {
    const user = await signUp(weft());
    const { url } = await enable(user, await createWorkflow(user));
    const bare = await weft().app.inject({ method: 'POST', url: pathOf(url) });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toBe('got ');
    const untyped = await weft().app.inject({ method: 'POST', url: pathOf(url), payload: 'no type' });
    expect(untyped.statusCode).toBe(200);
    expect(untyped.body).toBe('got no type');
  });

  it('refuses a JSON body that is not JSON, and a body over 1 MB', async () => {
    const user = await signUp(weft());
    const { url } = await enable(user, await createWorkflow(user));
    const bad = await call(url, '{"name": ', 'application/json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^The body was sent as application\/json but is not valid JSON/);
    expect((await call(url, 'x'.repeat(1024 * 1024 + 1))).statusCode).toBe(413);
    // 1 MB of nesting used to answer 500 once the run tried to store it.
    const deep = await call(url, `${'['.repeat(512 * 1024)}${']'.repeat(512 * 1024)}`, 'application/json');
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ code: 'json_too_deep' });
    expect(deep.json().message).toMatch(/more than \d+ levels deep/);
  });

  it('answers 500 with the error and execution id when the run fails', async () => {
    const user = await signUp(weft());
    const { url } = await enable(user, await createWorkflow(user, echoWorkflow('{{params.missing}}')));
    const res = await call(url);
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({ error: expect.stringContaining('params.missing'), executionId: expect.any(String) });
    const detail = await weft().services.runs.waitFor(body.executionId);
    expect(detail).toMatchObject({ status: 'error', trigger: 'webhook' });
  });

  it('answers 202 with the execution id at once in accepted mode', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(user);
    const { url } = await enable(user, id, { respond: 'accepted' });
    const res = await call(url, 'later');
    expect(res.statusCode).toBe(202);
    const { executionId } = res.json();
    const detail = await weft().services.runs.waitFor(executionId);
    expect(detail).toMatchObject({ workflowId: id, trigger: 'webhook', status: 'success', outputs: { out: 'got later' } });
  });

  it('answers a repeated Idempotency-Key with the first run, never with another workflow’s', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(user);
    const { url } = await enable(user, id, { respond: 'accepted' });
    const send = (key: string) =>
      weft().app.inject({ method: 'POST', url: pathOf(url), headers: { 'content-type': 'text/plain', 'idempotency-key': key }, payload: 'once' });
    const first = await send('delivery-1');
    expect(first.statusCode).toBe(202);
    expect((await send('delivery-1')).json().executionId).toBe(first.json().executionId);
    expect((await send('delivery-2')).json().executionId).not.toBe(first.json().executionId);

    // The owner's API run with the same key is another workflow's: the webhook must not answer it.
    const other = await createWorkflow(user);
    const apiRun = await weft().app.inject({
      method: 'POST',
      url: `/api/workflows/${other}/run`,
      headers: { ...user.headers, 'idempotency-key': 'shared-key' },
    });
    expect(apiRun.statusCode).toBe(202);
    const hook = await send('shared-key');
    expect(hook.statusCode).toBe(202);
    expect(hook.json().executionId).not.toBe(apiRun.json().execution.id);
  });

  it('answers the same 404 for a wrong token and an unknown workflow', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(user);
    const { url } = await enable(user, id);
    const wrongToken = await call(`${url.slice(0, -4)}AAAA`);
    const unknownWorkflow = await call(url.replace(id, '00000000-0000-4000-8000-000000000000'));
    const noWebhook = await call(`${PUBLIC_URL}/hooks/${await createWorkflow(user)}/${url.split('/').pop()}`);
    for (const res of [wrongToken, unknownWorkflow, noWebhook]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NOT_FOUND);
    }
  });

  it('stops the old URL when regenerated, and every URL when disabled', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(user);
    const first = await enable(user, id);
    const second = await enable(user, id, { regenerate: true });
    expect(second.url).not.toBe(first.url);
    expect((await call(first.url)).statusCode).toBe(404);
    expect((await call(second.url)).statusCode).toBe(200);

    expect((await api(user, 'DELETE', `/api/workflows/${id}/webhook`)).statusCode).toBe(204);
    expect((await call(second.url)).statusCode).toBe(404);
    expect((await api(user, 'GET', `/api/workflows/${id}/webhook`)).json()).toEqual({ webhook: null });
    // Enabling again gives a fresh URL, not the disabled one.
    const third = await enable(user, id);
    expect([first.url, second.url]).not.toContain(third.url);
  });

  it('keeps another user’s workflow out of reach', async () => {
    const owner = await signUp(weft());
    const id = await createWorkflow(owner);
    const { url } = await enable(owner, id);
    const other = await signUp(weft());
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await api(other, method, `/api/workflows/${id}/webhook`, method === 'PUT' ? { regenerate: true } : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Workflow not found');
    }
    expect((await call(url)).statusCode).toBe(200);
  });

  it('validates the settings', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(user);
    const res = await api(user, 'PUT', `/api/workflows/${id}/webhook`, { respond: 'later' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("respond: respond must be 'output' or 'accepted'");
    expect((await weft().app.inject({ method: 'GET', url: `/api/workflows/${id}/webhook` })).statusCode).toBe(401);
  });

  it('never logs the webhook token', async () => {
    const user = await signUp(weft());
    const { url } = await enable(user, await createWorkflow(user));
    const token = url.split('/').pop() ?? '';
    logs.lines.length = 0;
    await call(url);
    await call(`${url.slice(0, -4)}AAAA`);
    expect(logs.lines.some((line) => line.includes('/hooks/'))).toBe(true);
    expect(logs.lines.filter((line) => line.includes(token.slice(0, 20)))).toEqual([]);
  });
});
