import { describe, expect, it } from 'vitest';
import { agentNode } from '../agent.node.js';
import { codeNode } from '../code.node.js';
import { httpRequestNode } from '../http-request.node.js';
import type { LlmTurnRequest, LlmTurnResult } from '../services/llm-service.js';
import type { ToolSource } from '../tools/agent-tool.js';
import { nodeHarness } from './node-test-kit.js';

/** A model that answers each turn from a script, and keeps every request it was sent. */
function scriptedModel(replies: ((request: LlmTurnRequest) => Partial<LlmTurnResult>)[]) {
  const requests: LlmTurnRequest[] = [];
  return {
    requests,
    llm: {
      chat: () => Promise.reject(new Error('not used')),
      async turn(request: LlmTurnRequest, options: { signal: AbortSignal }): Promise<LlmTurnResult> {
        requests.push(request);
        options.signal.throwIfAborted();
        const reply = replies[requests.length - 1]?.(request) ?? { text: 'done' };
        return { text: '', toolCalls: [], usage: { inputTokens: 10, outputTokens: 5 }, finishReason: 'stop', ...reply };
      },
    },
  };
}

const orderTool: ToolSource = {
  node: { id: 'orders', type: 'http.request', label: 'Look up order', config: { ...httpConfig(), url: 'https://shop.example/orders/{{args.orderId}}' } },
  type: httpRequestNode,
};

function httpConfig() {
  return { method: 'GET', query: {}, headers: {}, auth: 'none', authHeader: 'X-API-Key', responseAs: 'json', timeoutSeconds: 30, failOnErrorStatus: true };
}

const config = { provider: 'openai-compatible', baseUrl: 'http://model.test/v1', model: 'm', task: 'Where is order 42?' };

describe('Agent', () => {
  it('derives a tool from a node: {{args.NAME}} is the one argument, the URL stays the user’s', async () => {
    const model = scriptedModel([
      () => ({ toolCalls: [{ id: 'c1', name: 'look_up_order', arguments: { orderId: '42' } }], finishReason: 'tool-calls' }),
      (request) => ({ text: `Order: ${JSON.stringify(request.messages.at(-1))}` }),
    ]);
    const urls: string[] = [];
    const http = {
      async request(spec: { url: string }) {
        urls.push(spec.url);
        return { status: 200, headers: {}, body: '{"status":"shipped"}', url: spec.url };
      },
    };
    const harness = nodeHarness(agentNode, { llm: model.llm, http });
    const result = await harness.run({ config, tools: [orderTool] });

    expect(model.requests[0]?.tools).toEqual([
      {
        name: 'look_up_order',
        description: 'Sends an HTTP request and returns the response body. (Look up order)',
        parameters: {
          type: 'object',
          properties: { orderId: { type: 'string', description: 'Written into the node where it says {{args.orderId}}' } },
          required: ['orderId'],
          additionalProperties: false,
        },
      },
    ]);
    expect(urls).toEqual(['https://shop.example/orders/42']);
    expect(result.outputs.output).toContain('"output":"{\\"status\\":\\"shipped\\"}"');
    expect(harness.steps.map((s) => [s.index, s.kind, s.name, s.status])).toEqual([
      [1, 'model', 'm', 'success'],
      [2, 'tool', 'look_up_order', 'success'],
      [3, 'model', 'm', 'success'],
    ]);
    expect(harness.steps[1]).toMatchObject({ input: { orderId: '42' }, output: { status: 'shipped' }, callId: 'c1', toolNodeId: 'orders' });
    expect(harness.usage).toHaveLength(2);
  });

  it('percent-encodes the model’s value where it goes into a URL, so it stays in its path segment', async () => {
    const model = scriptedModel([
      () => ({ toolCalls: [{ id: 'c1', name: 'look_up_order', arguments: { orderId: '../admin?all=1#x' } }], finishReason: 'tool-calls' }),
      () => ({ text: 'no such order' }),
    ]);
    const urls: string[] = [];
    const http = {
      async request(spec: { url: string }) {
        urls.push(spec.url);
        return { status: 200, headers: {}, body: '{}', url: spec.url };
      },
    };
    await nodeHarness(agentNode, { llm: model.llm, http }).run({ config, tools: [orderTool] });
    expect(urls).toEqual(['https://shop.example/orders/..%2Fadmin%3Fall%3D1%23x']);
  });

  it('sends a tool’s failure and bad arguments back to the model, which recovers', async () => {
    const model = scriptedModel([
      () => ({ toolCalls: [{ id: 'a', name: 'look_up_order', arguments: {} }] }),
      () => ({ toolCalls: [{ id: 'b', name: 'no_such_tool', arguments: {} }] }),
      () => ({ toolCalls: [{ id: 'c', name: 'look_up_order', arguments: { orderId: '7' } }] }),
      () => ({ text: 'Order 7 does not exist.' }),
    ]);
    const http = { request: async () => ({ status: 404, headers: {}, body: 'no such order', url: 'x' }) };
    const harness = nodeHarness(agentNode, { llm: model.llm, http });
    const result = await harness.run({ config, tools: [orderTool] });

    expect(result.outputs.output).toBe('Order 7 does not exist.');
    const results = model.requests.slice(1).map((r) => r.messages.at(-1));
    expect(results[0]).toMatchObject({ role: 'tool', results: [{ callId: 'a', isError: true, output: 'The arguments do not fit: orderId is required.' }] });
    expect(results[1]).toMatchObject({
      role: 'tool',
      results: [{ callId: 'b', isError: true, output: expect.stringContaining('the tools are: look_up_order') }],
    });
    expect(results[2]).toMatchObject({ role: 'tool', results: [{ callId: 'c', isError: true, output: expect.stringContaining('404') }] });
    expect(harness.steps.filter((s) => s.kind === 'tool').map((s) => s.status)).toEqual(['error', 'error', 'error']);
  });

  it('runs parallel calls at once and answers them in the model’s order', async () => {
    let running = 0;
    let most = 0;
    const sandbox = {
      async runFunctionBody(_code: string, scope: { input: unknown }) {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return scope.input;
      },
    };
    const echo: ToolSource = {
      node: { id: 'echo', type: 'code.javascript', label: 'Echo', config: { code: 'return input;', timeoutMs: 1000 } },
      type: codeNode,
    };
    const model = scriptedModel([
      () => ({
        toolCalls: [
          { id: 'x', name: 'echo', arguments: { input: 'first' } },
          { id: 'y', name: 'echo', arguments: { input: 'second' } },
        ],
      }),
      () => ({ text: 'ok' }),
    ]);
    const harness = nodeHarness(agentNode, { llm: model.llm, sandbox: sandbox as never });
    await harness.run({ config, tools: [echo] });
    expect(most).toBe(2);
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      results: [
        { callId: 'x', output: 'first' },
        { callId: 'y', output: 'second' },
      ],
    });
  });

  it('fails at the step limit naming it, with every step reported', async () => {
    const call = () => ({ toolCalls: [{ id: 'c', name: 'look_up_order', arguments: { orderId: '1' } }] });
    const model = scriptedModel([call, call, call, call]);
    const http = { request: async () => ({ status: 200, headers: {}, body: '{}', url: 'x' }) };
    const harness = nodeHarness(agentNode, { llm: model.llm, http });
    await expect(harness.run({ config: { ...config, maxSteps: 2 }, tools: [orderTool] })).rejects.toThrow(
      'Agent stopped at its step limit: 2 model calls (Max steps) without a final answer. The 4 steps taken are in the run log.',
    );
    expect(harness.steps).toHaveLength(4);
  });

  it('fails at the tool call limit and the token budget before going on', async () => {
    const twoCalls = () => ({
      toolCalls: [
        { id: 'a', name: 'look_up_order', arguments: { orderId: '1' } },
        { id: 'b', name: 'look_up_order', arguments: { orderId: '2' } },
      ],
    });
    const http = { request: async () => ({ status: 200, headers: {}, body: '{}', url: 'x' }) };
    const calls = nodeHarness(agentNode, { llm: scriptedModel([twoCalls]).llm, http });
    await expect(calls.run({ config: { ...config, maxToolCalls: 1 }, tools: [orderTool] })).rejects.toThrow('(Max tool calls)');
    const tokens = nodeHarness(agentNode, { llm: scriptedModel([() => ({ usage: { inputTokens: 150, outputTokens: 1 }, text: 'x' })]).llm });
    await expect(tokens.run({ config: { ...config, tokenBudget: 100 } })).rejects.toThrow(
      'Agent stopped at its token budget: 151 tokens used, over 100 (Token budget).',
    );
  });

  it('asks again when a JSON answer does not fit the schema, and emits the value', async () => {
    const model = scriptedModel([() => ({ text: '{"status": 3}' }), () => ({ text: '```json\n{"status":"late"}\n```' })]);
    const harness = nodeHarness(agentNode, { llm: model.llm });
    const schema = { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] };
    const result = await harness.run({ config: { ...config, answerFormat: 'json', answerSchema: schema } });
    expect(result.outputs.output).toEqual({ status: 'late' });
    expect(model.requests[0]?.system).toContain('"required":["status"]');
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: 'user',
      text: 'That answer does not fit the schema: status must be a string. Reply again with only the JSON.',
    });
  });

  it('stops inside a tool call on cancel, reporting the step, and calls nothing after', async () => {
    const controller = new AbortController();
    let calls = 0;
    const http = {
      request: () => {
        calls += 1;
        controller.abort(new Error('Cancelled'));
        return new Promise<never>(() => {}); // ignores its signal: the agent must not wait for it
      },
    };
    const call = () => ({ toolCalls: [{ id: 'c', name: 'look_up_order', arguments: { orderId: '1' } }] });
    const harness = nodeHarness(agentNode, { llm: scriptedModel([call, call]).llm, http });
    await expect(harness.run({ config, tools: [orderTool], signal: controller.signal })).rejects.toThrow('Cancelled');
    expect(calls).toBe(1);
    expect(harness.steps.at(-1)).toMatchObject({ kind: 'tool', status: 'error', error: 'Cancelled', input: { orderId: '1' } });
  });
});
