import type { AgentConfig } from '../agent.node.js';
import type { NodeRunArgs } from '../node-services.js';
import type { LlmTurnRequest } from '../services/llm-service.js';
import type { AgentTool } from '../tools/agent-tool.js';
import { isObjectSchema, type JsonSchema } from '../tools/json-schema.js';
import { toolsOfSource, uniqueToolNames } from '../tools/node-tools.js';
import { type AgentLimits, runAgentLoop } from './agent-loop.js';
import { readPause } from './agent-pause.js';
import { readBaseUrl } from './base-url.js';
import { priceOverride } from './model-cost.js';
import { fillPlaceholders, requireResolvedSecret } from './placeholders.js';

/**
 * The Agent node: the task and the tools connected to its Tools input, handed to the
 * loop (agent-loop.ts). Config mistakes are caught here, before any model call.
 */
export async function runAgent({ inputs, config, ctx, tools = [] }: NodeRunArgs<AgentConfig>) {
  const llm = ctx.services.llm;
  if (!llm.turn) throw new Error('This server cannot run agents: its model service has no tool calling');
  const scope = { input: inputs.input, params: ctx.services.params };
  const base = agentRequest(config);
  const task = fillPlaceholders(config.task, scope, 'the task');
  if (task.trim() === '') throw new Error('The task is empty once its placeholders are filled (did the input arrive empty?)');
  const answerSchema = config.answerFormat === 'json' ? readAnswerSchema(config.answerSchema) : undefined;
  let system = fillPlaceholders(config.systemPrompt, scope, 'the system prompt').trim();
  if (answerSchema) system = `${system}\n\n${jsonAnswerInstruction(answerSchema)}`.trim();

  const collected: AgentTool[] = [];
  for (const source of tools) collected.push(...(await toolsOfSource(source, ctx)));
  const limits: AgentLimits = {
    maxSteps: Math.trunc(config.maxSteps),
    maxToolCalls: Math.trunc(config.maxToolCalls),
    tokenBudget: Math.trunc(config.tokenBudget),
    maxMs: Math.trunc(config.maxSeconds * 1000),
  };
  const memory = config.memory === 'session' ? ctx.services.memory : undefined;
  const window = { lastTurns: Math.trunc(config.memoryTurns), tokenBudget: Math.trunc(config.memoryTokens) };
  const approvals = ctx.services.approvals;
  const resumed = approvals?.resumed(ctx.nodeId);
  const pause = resumed ? readPause(resumed.state) : undefined;
  if (resumed && !pause) throw new Error('This Agent waited for approval, but what it stored cannot be read by this version of Weft; run the workflow again');
  // A resumed turn has its recalled memory in its stored conversation already.
  const history = memory && !pause ? await memory.recall(ctx.nodeId, window) : [];
  const answer = await runAgentLoop({
    request: { ...base, ...(system ? { system } : {}) },
    price: priceOverride(config),
    task,
    tools: uniqueToolNames(collected),
    limits,
    ctx,
    turn: llm.turn.bind(llm),
    ...(answerSchema ? { answerSchema } : {}),
    ...(memory ? { history, remember: (messages) => memory.remember(ctx.nodeId, messages) } : {}),
    ...(approvals ? { approvals } : {}),
    ...(resumed && pause ? { resume: { pause, decisions: resumed.decisions } } : {}),
  });
  return { outputs: { output: answer } };
}

/** The model side of every turn: provider, model, key, sampling; no messages yet. */
function agentRequest(config: AgentConfig): Omit<LlmTurnRequest, 'messages' | 'tools'> {
  const { provider, temperature, maxTokens } = config;
  const model = config.model.trim();
  if (model === '') throw new Error('Model is required: name one, such as gpt-4o-mini, claude-sonnet-4-5 or qwen2.5');
  const baseUrl = readBaseUrl(provider, config.baseUrl);
  if (provider === 'anthropic' && temperature > 1) {
    throw new Error(`Anthropic accepts a temperature of at most 1; this node asks for ${temperature}`);
  }
  const apiKey = requireResolvedSecret(config.apiKey?.trim() ?? '', 'API key');
  return { provider, model, ...(baseUrl ? { baseUrl } : {}), ...(apiKey ? { apiKey } : {}), temperature, maxTokens: Math.trunc(maxTokens) };
}

function readAnswerSchema(value: unknown): JsonSchema {
  const parsed = typeof value === 'string' ? parseSchemaText(value) : value;
  if (!isObjectSchema(parsed)) throw new Error('Answer schema must be a JSON Schema object, such as {"type":"object","properties":{…}}');
  return parsed;
}

function parseSchemaText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error('Answer schema is not valid JSON');
  }
}

/** What the model is told when the answer must be JSON. */
export function jsonAnswerInstruction(schema: JsonSchema): string {
  return `When you give your final answer, reply with only a JSON value, no other text, that matches this JSON Schema:\n${JSON.stringify(schema)}`;
}
