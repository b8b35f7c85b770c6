import { describe, expect, it } from 'vitest';
import { llmChatNode } from '../llm-chat.node.js';
import type { LlmChatRequest, LlmService } from '../services/llm-service.js';
import { nodeHarness } from './node-test-kit.js';

/** A model that streams its answer word by word and reports usage, recording each request. */
function fakeLlm(answer = 'Three short points.', usage: { model?: string; inputTokens: number; outputTokens: number } = { inputTokens: 12, outputTokens: 4 }) {
  const requests: { request: LlmChatRequest; signal: AbortSignal }[] = [];
  const llm: LlmService = {
    async chat(request, { signal, onToken }) {
      requests.push({ request, signal });
      for (const piece of answer.split(/(?<= )/)) onToken(piece);
      return { text: answer, usage };
    },
  };
  return { llm, requests };
}

const base = { provider: 'openai', model: 'gpt-4o-mini', prompt: '{{input}}', temperature: 0.7, maxTokens: 1024 };

describe('LLM Chat run', () => {
  it('fills both prompts, streams tokens, records usage and its cost as the node’s one model step', async () => {
    const { llm, requests } = fakeLlm();
    const node = nodeHarness(llmChatNode, { llm, params: { tone: 'dry' } });
    const controller = new AbortController();
    const result = await node.run({
      inputs: { input: 'Weft runs workflows.' },
      config: { ...base, apiKey: 'sk-resolved', systemPrompt: 'Be {{params.tone}}.', prompt: 'Summarise: {{input}}' },
      signal: controller.signal,
    });
    expect(result).toEqual({ outputs: { output: 'Three short points.' } });
    expect(requests[0]?.request).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: 'sk-resolved',
      system: 'Be dry.',
      prompt: 'Summarise: Weft runs workflows.',
      temperature: 0.7,
      maxTokens: 1024,
    });
    expect(requests[0]?.signal).toBe(controller.signal);
    expect(node.tokens).toEqual(['Three ', 'short ', 'points.']);
    // gpt-4o-mini: $0.15 and $0.60 per million tokens (core's price table).
    expect(node.usage).toEqual([{ model: 'gpt-4o-mini', inputTokens: 12, outputTokens: 4, costUsd: 0.0000042 }]);
    expect(node.steps).toMatchObject([
      { index: 1, kind: 'model', name: 'gpt-4o-mini', status: 'success', usage: { inputTokens: 12, outputTokens: 4 }, costUsd: 0.0000042 },
    ]);
  });

  it('prices a local model at the node’s own prices, and leaves its cost out without them', async () => {
    const local = { ...base, provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' };
    const unpriced = nodeHarness(llmChatNode, { llm: fakeLlm('ok', { inputTokens: 1000, outputTokens: 500 }).llm });
    await unpriced.run({ inputs: { input: 'hi' }, config: local });
    expect(unpriced.usage).toEqual([{ model: 'llama3.1', inputTokens: 1000, outputTokens: 500 }]);
    expect(unpriced.steps[0]?.costUsd).toBeUndefined();

    const priced = nodeHarness(llmChatNode, { llm: fakeLlm('ok', { inputTokens: 1000, outputTokens: 500 }).llm });
    await priced.run({ inputs: { input: 'hi' }, config: { ...local, inputPricePerMillion: 0.2, outputPricePerMillion: 0.6 } });
    expect(priced.usage[0]?.costUsd).toBe(0.0005);
    expect(priced.steps[0]?.costUsd).toBe(0.0005);
  });

  it('keeps the model the provider reports, and leaves out an empty system prompt and key', async () => {
    const { llm, requests } = fakeLlm('ok', { model: 'llama3.1:8b', inputTokens: 3, outputTokens: 1 });
    const node = nodeHarness(llmChatNode, { llm });
    await node.run({
      inputs: { input: 'hi' },
      config: { ...base, provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1', systemPrompt: '  ' },
    });
    expect(requests[0]?.request).toEqual({
      provider: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      prompt: 'hi',
      temperature: 0.7,
      maxTokens: 1024,
    });
    expect(node.usage[0]?.model).toBe('llama3.1:8b');
  });

  it('fails the node with the provider error', async () => {
    const llm: LlmService = { chat: () => Promise.reject(new Error('OpenAI answered 401: invalid API key')) };
    await expect(nodeHarness(llmChatNode, { llm }).run({ inputs: { input: 'x' }, config: base })).rejects.toThrow('OpenAI answered 401: invalid API key');
  });

  it.each([
    [{ model: ' ' }, 'Model is required: name one, such as gpt-4o-mini, claude-sonnet-4-5 or llama3.1'],
    [{ prompt: '' }, 'Prompt is required'],
    [{ provider: 'openai-compatible' }, 'An OpenAI-compatible provider needs a Base URL, such as http://localhost:11434/v1 for Ollama'],
    [{ baseUrl: 'localhost:11434' }, 'Base URL "localhost:11434" should start with http:// or https://'],
    [{ provider: 'mistral' }, 'Provider must be one of openai, anthropic, openai-compatible'],
    [{ provider: 'anthropic', temperature: 1.5 }, 'Anthropic accepts a temperature of at most 1; this node asks for 1.5'],
    [{ apiKey: '{{secrets.OPENAI}}' }, 'API key refers to {{secrets.OPENAI}}, but you have no secret named "OPENAI": add it in Settings → Secrets'],
    [{ prompt: 'Hi {{params.name}}' }, 'Nothing to fill {{params.name}} in the prompt: the workflow has no parameter "name"'],
    [{ systemPrompt: 'As {{params.role}}' }, 'Nothing to fill {{params.role}} in the system prompt: the workflow has no parameter "role"'],
  ])('refuses %j before calling the model: %s', async (config, message) => {
    const { llm, requests } = fakeLlm();
    await expect(nodeHarness(llmChatNode, { llm }).run({ inputs: { input: 'x' }, config: { ...base, ...config } })).rejects.toThrow(message);
    expect(requests).toEqual([]);
  });

  it('refuses a prompt that comes out empty', async () => {
    const { llm, requests } = fakeLlm();
    await expect(nodeHarness(llmChatNode, { llm }).run({ inputs: { input: '  ' }, config: base })).rejects.toThrow(
      'The prompt is empty once its placeholders are filled (did the input arrive empty?)',
    );
    expect(requests).toEqual([]);
  });
});
