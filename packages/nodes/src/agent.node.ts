import { type ConfigOf, TOOLS_INPUT } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { apiKeyField, chatModelFields, modelPriceFields } from './model-fields.js';
import { runAgent } from './run/agent.js';

/** The settings of Agent; its `run` reads them typed as {@link AgentConfig}. */
export const agentConfig = defineConfig([
  ...chatModelFields('qwen2.5'),
  apiKeyField(),
  {
    kind: 'prompt',
    key: 'systemPrompt',
    label: 'System prompt',
    default: 'You are a helpful assistant. Use the tools when they help; answer briefly.',
    placeholder: 'You are a support agent for Example Ltd. Look orders up before answering about them.',
  },
  { kind: 'prompt', key: 'task', label: 'Task', required: true, default: '{{input}}', placeholder: 'Find out why order {{input}} is late.' },
  {
    kind: 'select',
    key: 'answerFormat',
    label: 'Answer as',
    default: 'text',
    options: choices({ text: 'Text', json: 'JSON matching a schema' }),
  },
  {
    kind: 'json',
    key: 'answerSchema',
    label: 'Answer schema',
    requiredWhen: { key: 'answerFormat', equals: 'json' },
    description: 'A JSON Schema object, e.g. {"type":"object","properties":{"status":{"type":"string"}},"required":["status"]}.',
  },
  { kind: 'number', key: 'temperature', label: 'Temperature', min: 0, max: 2, step: 0.1, default: 0.2, description: 'Anthropic accepts at most 1.' },
  { kind: 'number', key: 'maxTokens', label: 'Max tokens per reply', min: 1, max: 200_000, step: 1, default: 2048 },
  ...modelPriceFields(),
  {
    kind: 'number',
    key: 'maxSteps',
    label: 'Max steps',
    min: 1,
    max: 100,
    step: 1,
    default: 10,
    description: 'Model calls at most; the node fails, keeping every step, when the task needs more.',
  },
  { kind: 'number', key: 'maxToolCalls', label: 'Max tool calls', min: 0, max: 500, step: 1, default: 20 },
  {
    kind: 'number',
    key: 'tokenBudget',
    label: 'Token budget',
    min: 100,
    max: 10_000_000,
    step: 1,
    default: 100_000,
    description: 'Input and output tokens of every model call together.',
  },
  { kind: 'number', key: 'maxSeconds', label: 'Max time (seconds)', min: 1, max: 3600, step: 1, default: 240 },
  {
    kind: 'select',
    key: 'memory',
    label: 'Memory',
    default: 'off',
    options: choices({ off: 'Off: every run starts afresh', session: 'Remember the conversation (per session)' }),
    description:
      "A session is the run API's sessionId, a webhook's X-Weft-Session header or the editor's chat. Tool calls and their results are remembered too.",
  },
  { kind: 'number', key: 'memoryTurns', label: 'Remember the last turns', min: 0, max: 1000, step: 1, default: 10, description: '0: no turn limit.' },
  {
    kind: 'number',
    key: 'memoryTokens',
    label: 'Memory token budget',
    min: 0,
    max: 10_000_000,
    step: 1,
    default: 0,
    description: 'Estimated tokens (characters / 4) of remembered messages at most, oldest turns dropped first. 0: no budget.',
  },
]);

export type AgentConfig = ConfigOf<typeof agentConfig>;

/** A model that calls tools until it can answer (packages/nodes README, "Tools"). */
export const agentNode = defineNode({
  type: 'ai.agent',
  version: 1,
  title: 'Agent',
  category: 'AI',
  description: 'A language model that calls the tools you connect (HTTP, search, code, e-mail, Slack, MCP) until it can answer.',
  inputs: [
    { id: 'input', label: 'Task', type: 'text', optional: true, description: 'Available in the task and system prompt as {{input}}.' },
    TOOLS_INPUT,
    {
      id: 'after',
      label: 'After',
      type: 'any',
      optional: true,
      orderOnly: true,
      description: 'Connect Embed & Store here so the agent starts once this run has indexed what its tools search. Its value is not used.',
    },
  ],
  outputs: [{ id: 'output', label: 'Answer', type: 'text', typeFrom: 'answerFormat' }],
  config: agentConfig,
  run: runAgent,
  // Each model call is billed: a failed agent is not started again on its own.
  docs: `Gives the model the **Task** and the tools connected to **Tools**, runs the tools it asks for (several at once when it asks for several) and sends their results back, until it answers. The answer leaves on **Answer**: text, or with *Answer as* **JSON matching a schema**, a JSON value checked against **Answer schema** (an answer that does not fit is sent back to the model once per step with what is wrong).

**Tools**: connect the **Tool** output of an HTTP Request, Retriever, Code, Send E-mail, Slack Message or MCP Tools node. A node used as a tool does not run in the flow: the agent calls it, as often as the model asks. The model fills in the fields of that node you leave empty (an HTTP Request's URL, an e-mail's recipients), its input, and every \`{{args.NAME}}\` you write in it: \`https://shop.example/api/orders/{{args.orderId}}\` lets the model choose the order and nothing else. The tool's name is the node's name; its description is the node's description. Outbound rules, the sandbox and secret masking hold inside tools as in nodes.

**After**: a Retriever used as a tool has no other connection, so it cannot wait for indexing itself. When the same run indexes documents (Embed & Store) and the agent searches them, connect Embed & Store's **Summary** here: the agent starts once the chunks are stored.

**Limits**: *Max steps* (model calls), *Max tool calls*, *Token budget* and *Max time*. Reaching one fails the node with a message naming it, and every step taken stays in the run. Cancelling the run stops the agent between and inside tool calls.

Every model call and tool call is a step in the run's log and in the node's result: the arguments, the result or error, how long it took, the tokens and what the call cost. Costs use Weft's built-in list prices of common OpenAI and Anthropic models; for another model (a local one) set **Price per 1M input tokens** and **Price per 1M output tokens** (0 for a free one), or its cost stays unknown. The run and the workflow (Workflow settings) show the totals.

**Memory** (off by default): with *Remember the conversation*, each answered turn is stored with its tool calls and their results, and the next run of the same session gets the earlier turns first, so the model can use an id a tool returned before. A session is the run API's \`sessionId\`, a webhook's \`X-Weft-Session\` header or the editor's chat; a run without one starts afresh. *Remember the last turns* and *Memory token budget* bound what is sent back (oldest turns dropped first). Conversations are listed and deleted with the API (docs/API.md "Agent memory").`,
});
