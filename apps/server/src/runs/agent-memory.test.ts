import { afterAll, beforeAll, expect, it } from 'vitest';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { type ChatCompletionRequest, type OpenAiPeer, type PeerTurn, startOpenAiPeer } from '../test-support/openai-peer.js';
import { addSecret, createWorkflow, edge, node, workflow } from '../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * Agent memory (issue 23) end to end: runs through the HTTP API with a session id, an
 * Agent with memory on against the OpenAI-compatible peer scripted with tool calls, a
 * Code node as its tool. The peer answers from what it receives, so what the model is sent
 * is what the tests read.
 */

type Message = ChatCompletionRequest['messages'][number];
const text = (message: Message | undefined) => (typeof message?.content === 'string' ? message.content : JSON.stringify(message?.content ?? ''));

/** The model: "track <order>" calls the tracker; "what was the tracking id?" answers from the tool results it was sent. */
function model(request: unknown): PeerTurn {
  const messages = (request as ChatCompletionRequest).messages;
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const task = text(messages[lastUser]);
  const toolsSinceTask = messages.slice(lastUser + 1).filter((m) => m.role === 'tool');
  const order = /^track (\w+)/.exec(task)?.[1];
  if (order) {
    if (toolsSinceTask.length === 0) return { toolCalls: [{ name: 'tracker', arguments: { input: { orderId: order } } }] };
    return { text: `Order ${order} is on its way.` };
  }
  if (task === 'what was the tracking id?') {
    // The peer's assertion: the earlier turn's tool result is in the messages it received.
    const earlier = messages
      .filter((m) => m.role === 'tool')
      .map(text)
      .join(' ');
    const id = /TRK-\w+-\d+/.exec(earlier)?.[0];
    return { text: id ? `It was ${id}.` : 'I do not know.' };
  }
  return { text: `You said: ${task}` };
}

describeEachDatabase('Agent memory', (database) => {
  const weft = useTestWeft(database);
  let peer: OpenAiPeer;
  let shop: HttpPeer;
  beforeAll(async () => {
    peer = await startOpenAiPeer({ tokenDelayMs: 0, turn: model as never });
    shop = await startHttpPeer();
  });
  afterAll(async () => {
    await peer.close();
    await shop.close();
  });

  function memoryWorkflow(agent: Record<string, unknown> = {}) {
    return workflow(
      'Tracking agent',
      [
        node('say', 'input.text', { text: '', askOnRun: true }),
        node(
          'agent',
          'ai.agent',
          { provider: 'openai-compatible', baseUrl: peer.url, model: 'test-model', task: '{{input}}', memory: 'session', ...agent },
          'Agent',
        ),
        node('tracker', 'code.javascript', { code: "return { trackingId: 'TRK-' + input.orderId + '-7731' };" }, 'Tracker'),
        node('answer', 'output'),
      ],
      [edge('say', 'agent'), edge('tracker', 'agent', 'tool', 'tools'), edge('agent', 'answer')],
    );
  }

  async function say(user: SignedIn, workflowId: string, words: string, sessionId?: string) {
    const res = await weft().app.inject({
      method: 'POST',
      url: `/api/workflows/${workflowId}/run?wait=true`,
      headers: user.headers,
      payload: { inputs: { say: words }, ...(sessionId ? { sessionId } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const execution = res.json().execution as { status: string; error?: string; outputs: Record<string, unknown> };
    expect(execution.status, execution.error ?? '').toBe('success');
    return String(execution.outputs.answer);
  }

  /** The messages of the last model call, the system prompt left out. */
  const lastSent = () => ((peer.requests.at(-1)?.json as ChatCompletionRequest | undefined)?.messages ?? []).filter((m) => m.role !== 'system');

  it('remembers three turns, tool calls and results included, so the third recalls an id a tool returned', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, memoryWorkflow());

    expect(await say(user, id, 'track A42', 'chat-1')).toBe('Order A42 is on its way.');
    expect(await say(user, id, 'thanks', 'chat-1')).toBe('You said: thanks');
    expect(await say(user, id, 'what was the tracking id?', 'chat-1')).toBe('It was TRK-A42-7731.');

    // The third turn's request held both earlier turns: the tool call, its result, the answers.
    const sent = lastSent();
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'user']);
    expect(JSON.stringify(sent[1])).toContain('tracker');

    // Another session of the same workflow starts afresh; so does a run without a session.
    expect(await say(user, id, 'what was the tracking id?', 'chat-2')).toBe('I do not know.');
    expect(lastSent()).toHaveLength(1);
    expect(await say(user, id, 'what was the tracking id?')).toBe('I do not know.');

    // Scale-out could not rebuild a run's session from its row: runs with one are never rebuilt.
    const rows = await weft().services.db.selectFrom('executions').select('rebuild_inputs').where('workflow_id', '=', id).execute();
    expect(rows.map((r) => r.rebuild_inputs).sort()).toEqual([null, null, null, null, 'stored']);

    const list = await weft().app.inject({ method: 'GET', url: `/api/workflows/${id}/conversations`, headers: user.headers });
    expect(list.statusCode, list.body).toBe(200);
    const conversations = list.json().conversations as { sessionId: string; turns: number; preview: string }[];
    expect(conversations.map((c) => [c.sessionId, c.turns, c.preview]).sort()).toEqual([
      ['chat-1', 3, 'track A42'],
      ['chat-2', 1, 'what was the tracking id?'],
    ]);

    // One conversation read back whole, as the chat panel opens it: each turn's task, tool call, result and answer.
    const read = await weft().app.inject({ method: 'GET', url: `/api/workflows/${id}/conversations/chat-1`, headers: user.headers });
    expect(read.statusCode, read.body).toBe(200);
    const turns = read.json().conversation.turns as { nodeId: string; seq: number; messages: { role: string; text?: string }[] }[];
    expect(turns.map((t) => [t.nodeId, t.seq])).toEqual([
      ['agent', 1],
      ['agent', 2],
      ['agent', 3],
    ]);
    expect(turns[0]?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(JSON.stringify(turns[0]?.messages[2])).toContain('TRK-A42-7731');
    expect(turns[2]?.messages.at(-1)).toMatchObject({ role: 'assistant', text: 'It was TRK-A42-7731.' });
  });

  it('is off by default: an Agent without memory starts afresh even within a session', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, memoryWorkflow({ memory: undefined }));
    await say(user, id, 'track B7', 'chat-off');
    expect(await say(user, id, 'what was the tracking id?', 'chat-off')).toBe('I do not know.');
    const list = await weft().app.inject({ method: 'GET', url: `/api/workflows/${id}/conversations`, headers: user.headers });
    expect(list.json().conversations).toEqual([]);
  });

  it('keeps conversations to their owner: another user gets 404 and cannot delete them; the owner can', async () => {
    const owner = await signUp(weft());
    const stranger = await signUp(weft());
    const id = await createWorkflow(weft(), owner, memoryWorkflow());
    await say(owner, id, 'track C3', 'private');

    const url = `/api/workflows/${id}/conversations`;
    expect((await weft().app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode).toBe(404);
    expect((await weft().app.inject({ method: 'DELETE', url: `${url}/private`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await weft().app.inject({ method: 'GET', url: `${url}/private`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await weft().app.inject({ method: 'GET', url: `${url}/none-such`, headers: owner.headers })).statusCode).toBe(404);
    expect((await weft().app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const gone = await weft().app.inject({ method: 'DELETE', url: `${url}/private`, headers: owner.headers });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await weft().app.inject({ method: 'DELETE', url: `${url}/private`, headers: owner.headers })).statusCode).toBe(404);
    expect((await weft().app.inject({ method: 'GET', url, headers: owner.headers })).json().conversations).toEqual([]);
    expect((await weft().app.inject({ method: 'GET', url: `${url}/private`, headers: owner.headers })).statusCode).toBe(404);
    // Forgotten: the next turn of that session starts afresh.
    expect(await say(owner, id, 'what was the tracking id?', 'private')).toBe('I do not know.');
  });

  it('sends only the last N turns, and only the turns that fit the token budget', async () => {
    const user = await signUp(weft());
    const lastTwo = await createWorkflow(weft(), user, memoryWorkflow({ memoryTurns: 2 }));
    await say(user, lastTwo, 'track D1', 'turns');
    await say(user, lastTwo, 'one', 'turns');
    await say(user, lastTwo, 'two', 'turns');
    // Turn 1 (with the tracking id) is out of the window of two.
    expect(await say(user, lastTwo, 'what was the tracking id?', 'turns')).toBe('I do not know.');
    expect(lastSent().map((m) => text(m))).toEqual(['one', 'You said: one', 'two', 'You said: two', 'what was the tracking id?']);

    // A budget of 40 tokens (160 characters) holds a short turn but not the tool turn before it.
    const budget = await createWorkflow(weft(), user, memoryWorkflow({ memoryTurns: 0, memoryTokens: 40 }));
    await say(user, budget, 'track E5', 'budget');
    await say(user, budget, 'hi', 'budget');
    expect(await say(user, budget, 'what was the tracking id?', 'budget')).toBe('I do not know.');
    expect(lastSent().map((m) => text(m))).toEqual(['hi', 'You said: hi', 'what was the tracking id?']);
  });

  it("continues a webhook caller's conversation named by its X-Weft-Session header", async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, memoryWorkflow());
    const enabled = await weft().app.inject({ method: 'PUT', url: `/api/workflows/${id}/webhook`, headers: user.headers, payload: {} });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const path = new URL(enabled.json().webhook.url as string).pathname;
    const hook = (words: string, session: string) =>
      weft().app.inject({ method: 'POST', url: path, headers: { 'content-type': 'text/plain', 'x-weft-session': session }, payload: words });

    expect((await hook('track W9', 'caller-7')).body).toBe('Order W9 is on its way.');
    expect((await hook('what was the tracking id?', 'caller-7')).body).toBe('It was TRK-W9-7731.');
    expect((await hook('what was the tracking id?', 'caller-8')).body).toBe('I do not know.');
    const bad = await hook('hi', 'two words');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('X-Weft-Session');
  });

  it('stores a secret a tool returned as the mask, never its value', async () => {
    const secret = 'shop-token-8c1e4b09aa';
    const user = await signUp(weft());
    await addSecret(weft(), user, 'SHOP_TOKEN', secret);
    const document = workflow(
      'Secret agent',
      [
        node('say', 'input.text', { text: '', askOnRun: true }),
        node('agent', 'ai.agent', { provider: 'openai-compatible', baseUrl: peer.url, model: 'test-model', task: '{{input}}', memory: 'session' }, 'Agent'),
        // The echo peer answers with the request's headers: the tool's result holds the secret.
        node(
          'orders',
          'http.request',
          { method: 'GET', url: `${shop.url}/echo?order={{args.orderId}}`, headers: { 'x-shop-token': '{{secrets.SHOP_TOKEN}}' }, responseAs: 'json' },
          'Look up order',
        ),
        node('answer', 'output'),
      ],
      [edge('say', 'agent'), edge('orders', 'agent', 'tool', 'tools'), edge('agent', 'answer')],
    );
    const id = await createWorkflow(weft(), user, document);
    peer.set({
      turn: ((request: unknown) => {
        const messages = (request as ChatCompletionRequest).messages;
        return messages.at(-1)?.role === 'tool' ? { text: 'Looked it up.' } : { toolCalls: [{ name: 'look_up_order', arguments: { orderId: '5' } }] };
      }) as never,
    });
    try {
      expect(await say(user, id, 'look up order 5', 'secret-chat')).toBe('Looked it up.');
    } finally {
      peer.set({ turn: model as never });
    }
    expect(shop.requests.at(-1)?.headers['x-shop-token']).toBe(secret);
    const rows = await weft().services.db.selectFrom('agent_memory').select('messages').where('workflow_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.messages).toContain('x-shop-token');
    expect(rows[0]?.messages).not.toContain(secret);
    expect(rows[0]?.messages).toContain('••••');
  });

  it('refuses a session id it could not keep, saying what one looks like', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, memoryWorkflow());
    const res = await weft().app.inject({
      method: 'POST',
      url: `/api/workflows/${id}/run`,
      headers: user.headers,
      payload: { inputs: { say: 'hi' }, sessionId: 'has spaces' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('sessionId must be 1 to 200 printable characters');
  });
});
