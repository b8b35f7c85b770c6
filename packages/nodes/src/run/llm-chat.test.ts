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
  it('fills both prompts, streams tokens, records usage and logs the counts', async () => {
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
    expect(node.usage).toEqual([{ model: 'gpt-4o-mini', inputTokens: 12, outputTokens: 4 }]);
    expect(node.logs).toEqual([{ level: 'info', message: 'gpt-4o-mini: 12 input + 4 output tokens' }]);
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
