import { isNodeWaiting } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { agentNode } from '../agent.node.js';
import { httpRequestNode } from '../http-request.node.js';
import type { LlmTurnRequest, LlmTurnResult } from '../services/llm-service.js';
import type { ToolApprovalHold, ToolApprovalService, ToolDecision } from '../services/tool-approval-service.js';
import type { ToolSource } from '../tools/agent-tool.js';
import { nodeHarness } from './node-test-kit.js';

/** A model that answers each turn from a script, and keeps every request it was sent. */
function scriptedModel(replies: ((request: LlmTurnRequest) => Partial<LlmTurnResult>)[]) {
  const requests: LlmTurnRequest[] = [];
  return {
    requests,
    llm: {
      chat: () => Promise.reject(new Error('not used')),
      async turn(request: LlmTurnRequest): Promise<LlmTurnResult> {
        requests.push(request);
        const reply = replies[requests.length - 1]?.(request) ?? { text: 'done' };
        return { text: '', toolCalls: [], usage: { inputTokens: 10, outputTokens: 5 }, finishReason: 'stop', ...reply };
      },
    },
  };
}

const httpConfig = {
  method: 'GET',
  query: {},
  headers: {},
  auth: 'none',
  authHeader: 'X-API-Key',
  responseAs: 'text',
  timeoutSeconds: 30,
  failOnErrorStatus: true,
};
const lookup: ToolSource = {
  node: { id: 'lookup', type: 'http.request', label: 'Look up', config: { ...httpConfig, url: 'https://shop.example/orders/{{args.id}}' } },
  type: httpRequestNode,
};
const refund: ToolSource = {
  node: {
    id: 'refund',
    type: 'http.request',
    label: 'Refund',
    config: { ...httpConfig, url: 'https://shop.example/refunds/{{args.id}}' },
    requireApproval: true,
  },
  type: httpRequestNode,
};
const config = { provider: 'openai-compatible', baseUrl: 'http://model.test/v1', model: 'm', task: 'Refund order 7' };

/** The host's side of approval, in memory: what was held, and the decisions to give back. */
function approvals(decisions: ToolDecision[] = []) {
  const held: ToolApprovalHold[] = [];
  let resume: ToolApprovalHold | undefined;
  const service: ToolApprovalService = {
    resumed: (nodeId) => (resume && resume.nodeId === nodeId ? { state: JSON.parse(JSON.stringify(resume.state)), decisions } : undefined),
    hold: (request) => held.push(request),
  };
  return { service, held, resumeFrom: (hold: ToolApprovalHold | undefined) => (resume = hold) };
}

describe('Agent tools that need approval', () => {
  const urls: string[] = [];
  const http = {
    async request(spec: { url: string }) {
      urls.push(spec.url);
      return { status: 200, headers: {}, body: `ok ${spec.url.split('/').at(-1)}`, url: spec.url };
    },
  };
  const script = () =>
    scriptedModel([
      () => ({
        toolCalls: [
          { id: 'a', name: 'look_up', arguments: { id: '7' } },
          { id: 'b', name: 'refund', arguments: { id: '7' } },
        ],
      }),
      (request) => ({ text: `Results: ${JSON.stringify(request.messages.at(-1))}` }),
    ]);

  it('makes the other calls, holds the one that needs approval, and stops waiting; resumed with a yes it makes it and goes on', async () => {
    urls.length = 0;
    const model = script();
    const host = approvals([{ callId: 'b', approved: true, decidedBy: 'ada@example.com' }]);
    const first = nodeHarness(agentNode, { llm: model.llm, http, approvals: host.service });
    const stopped = await first.run({ config, tools: [lookup, refund] }).catch((error: unknown) => error);
    expect(isNodeWaiting(stopped)).toBe(true);
    expect((stopped as Error).message).toMatch(/^Waiting for approval: a call of the tool refund\./);
    expect(urls).toEqual(['https://shop.example/orders/7']);
    expect(host.held).toHaveLength(1);
    expect(host.held[0]?.calls).toEqual([{ callId: 'b', toolName: 'refund', toolNodeId: 'refund', arguments: { id: '7' } }]);
    expect(first.steps.map((s) => [s.index, s.name, s.status]).sort()).toEqual([
      [1, 'm', 'success'],
      [2, 'look_up', 'success'],
      [3, 'refund', 'waiting'],
    ]);

    host.resumeFrom(host.held[0]);
    const second = nodeHarness(agentNode, { llm: model.llm, http, approvals: host.service });
    const result = await second.run({ config, tools: [lookup, refund] });
    expect(urls).toEqual(['https://shop.example/orders/7', 'https://shop.example/refunds/7']);
    expect(model.requests).toHaveLength(2);
    // Both results in the model's order, the lookup's kept from before the wait.
    expect(String(result.outputs.output)).toContain('"callId":"a","name":"look_up","output":"ok 7"');
    expect(String(result.outputs.output)).toContain('"callId":"b","name":"refund","output":"ok 7"');
    expect(second.steps.map((s) => [s.index, s.name, s.status])).toEqual([
      [4, 'refund', 'success'],
      [5, 'm', 'success'],
    ]);
  });

  it('answers a rejected call to the model with the person’s reason, and never makes it', async () => {
    urls.length = 0;
    const model = script();
    const host = approvals([{ callId: 'b', approved: false, reason: 'Refunded by phone', decidedBy: 'ada@example.com' }]);
    await nodeHarness(agentNode, { llm: model.llm, http, approvals: host.service })
      .run({ config, tools: [lookup, refund] })
      .catch(() => undefined);
    host.resumeFrom(host.held[0]);
    const result = await nodeHarness(agentNode, { llm: model.llm, http, approvals: host.service }).run({ config, tools: [lookup, refund] });
    expect(urls).toEqual(['https://shop.example/orders/7']);
    expect(String(result.outputs.output)).toContain('A person (ada@example.com) rejected this tool call, so it was not made. Their reason: Refunded by phone');
  });

  it('fails before its first model call where the host cannot hold a run for a decision', async () => {
    const model = script();
    await expect(nodeHarness(agentNode, { llm: model.llm, http }).run({ config, tools: [lookup, refund] })).rejects.toThrow(
      /Tool "refund" needs approval, but this server cannot hold a run for a person's decision/,
    );
    expect(model.requests).toHaveLength(0);
  });
});
