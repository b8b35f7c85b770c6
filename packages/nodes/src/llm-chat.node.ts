import type { ConfigOf } from '@weft/core';
import { defineConfig, defineNode } from './define-node.js';
import { apiKeyField, chatModelFields, modelPriceFields } from './model-fields.js';
import { runLlmChat } from './run/llm-chat.js';

/** The settings of LLM Chat; its `run` reads them typed as {@link LlmChatConfig}. */
export const llmChatConfig = defineConfig([
  ...chatModelFields('llama3.1'),
  apiKeyField(),
  { kind: 'prompt', key: 'systemPrompt', label: 'System prompt', default: '', placeholder: 'You are a concise assistant.' },
  {
    kind: 'prompt',
    key: 'prompt',
    label: 'Prompt',
    required: true,
    default: '{{input}}',
    placeholder: 'Summarise this in three bullet points:\n\n{{input}}',
  },
  {
    kind: 'number',
    key: 'temperature',
    label: 'Temperature',
    min: 0,
    max: 2,
    step: 0.1,
    default: 0.7,
    description: 'Lower is more focused, higher more varied. Anthropic accepts at most 1.',
  },
  { kind: 'number', key: 'maxTokens', label: 'Max tokens', min: 1, max: 200_000, step: 1, default: 1024, description: 'Upper bound on the answer’s length.' },
  ...modelPriceFields(),
]);

export type LlmChatConfig = ConfigOf<typeof llmChatConfig>;

/** One chat completion; the server's LLM adapter speaks each provider's protocol. */
export const llmChatNode = defineNode({
  type: 'llm.chat',
  version: 1,
  title: 'LLM Chat',
  category: 'AI',
  description: 'Sends a prompt to a language model (OpenAI, Anthropic or any OpenAI-compatible server) and emits its answer.',
  inputs: [{ id: 'input', label: 'Text', type: 'text', optional: true, description: 'Available in the prompts as {{input}}.' }],
  outputs: [{ id: 'output', label: 'Answer', type: 'text' }],
  config: llmChatConfig,
  run: runLlmChat,
  docs: `Sends **System prompt** and **Prompt** to the model and emits the answer on the **Answer** output. Tokens stream into the run's logs as they arrive, and the token usage and its cost are recorded with the run.

- **OpenAI** and **Anthropic** use their public APIs; pick an **API key** from your secrets.
- **OpenAI-compatible** talks to any server with the OpenAI chat API: Ollama (\`http://localhost:11434/v1\`), vLLM, LM Studio and others. Set **Base URL**; the key is optional.

Both prompts take placeholders: \`{{input}}\` for the connected text, \`{{params.key}}\` for global parameters, \`{{secrets.NAME}}\` for secrets. A placeholder with no value stops the node with an error naming it, and so does a prompt that comes out empty.

The call is logged as a step with the model, its input and output tokens and its cost. Costs use Weft's built-in list prices of common OpenAI and Anthropic models; for another model (a local one) set **Price per 1M input tokens** and **Price per 1M output tokens** (0 for a free one), or its cost stays unknown. The run and the workflow (Workflow settings) show the totals.`,
});
