import { type NodeRunContext, type NodeStep, NodeWaiting, type PriceOverride } from '@weft/core';
import type { NodeServices } from '../node-services.js';
import type { LlmConversations, LlmMessage, LlmToolCall, LlmToolResult, LlmTurnRequest, LlmTurnResult } from '../services/llm-service.js';
import type { HeldToolCall, ToolApprovalService, ToolDecision } from '../services/tool-approval-service.js';
import type { AgentTool, ToolCallContext } from '../tools/agent-tool.js';
import { type JsonSchema, schemaProblem } from '../tools/json-schema.js';
import { checkJsonAnswer, messageOf, readArguments, untilAborted } from './agent-calls.js';
import { type LimitName, limitMessage, toolOutputText } from './agent-messages.js';
import { type AgentPause, rejectionText, waitingReason } from './agent-pause.js';
import { pricedUsage } from './model-cost.js';

export interface AgentLimits {
  /** Model calls at most. */
  readonly maxSteps: number;
  readonly maxToolCalls: number;
  /** Input and output tokens of all model calls together. */
  readonly tokenBudget: number;
  /** Wall time of the whole loop. */
  readonly maxMs: number;
}

export interface AgentLoopOptions {
  readonly request: Omit<LlmTurnRequest, 'messages' | 'tools'>;
  /** The node's own prices, over core's table, for each model step's cost. */
  readonly price?: PriceOverride;
  readonly task: string;
  readonly tools: readonly AgentTool[];
  readonly limits: AgentLimits;
  readonly ctx: NodeRunContext<NodeServices>;
  readonly turn: LlmConversations['turn'];
  /** Set when the answer must be JSON fitting it; an answer that does not is sent back. */
  readonly answerSchema?: JsonSchema;
  /** Earlier turns of the conversation (memory), sent before the task. */
  readonly history?: readonly LlmMessage[];
  /** Called once with this turn's messages (task, tool calls, results, answer) when the agent answers. */
  readonly remember?: (messages: readonly LlmMessage[]) => Promise<void>;
  /** Where calls of tools that need approval wait (`ToolApprovalService`); required when any tool has `requireApproval`. */
  readonly approvals?: ToolApprovalService;
  /** Set when the loop goes on after such a wait: where it stopped, and the decisions. */
  readonly resume?: { readonly pause: AgentPause; readonly decisions: readonly ToolDecision[] };
}

/** Reaching a limit: the node fails with this, every step taken already reported. */
export class AgentLimitError extends Error {
  constructor(
    readonly limit: LimitName,
    message: string,
  ) {
    super(message);
    this.name = 'AgentLimitError';
  }
}

/**
 * The agent's loop: ask the model, run the tools it asks for (in parallel when it asks
 * for several), send their results back, until it answers. Each model call and each tool
 * call is a step (`ctx.step`) with its arguments, result or error, duration and tokens,
 * reported as it ends, so a run that fails or is cancelled keeps every step taken. The
 * limits fail the node naming the limit; cancellation (and the time limit) abort the call
 * in flight, model or tool, and no further tool starts. A tool's failure goes back to the
 * model as the tool's result, so it can recover. A call of a tool that needs approval is
 * not made: the loop hands its state to `approvals` and throws core's `NodeWaiting`; run
 * again with `resume`, it makes the approved calls, answers the rejected ones with the
 * person's reason, and goes on.
 */
export async function runAgentLoop(options: AgentLoopOptions): Promise<unknown> {
  return new AgentLoop(options).run();
}

class AgentLoop {
  private readonly messages: LlmMessage[];
  private readonly byName: ReadonlyMap<string, AgentTool>;
  private readonly specs: LlmTurnRequest['tools'];
  private readonly timeLimit: AbortSignal;
  private readonly signal: AbortSignal;
  private step = 0;
  private modelCalls = 0;
  private toolCalls = 0;
  private tokens = 0;
  /** How many of `messages` are recalled memory, not this turn's. */
  private readonly history: number;
  /** Wall time spent before a wait for approval, and when this part began. */
  private readonly elapsedBefore: number;
  private readonly startedAt: number;

  constructor(private readonly o: AgentLoopOptions) {
    const pause = o.resume?.pause;
    this.history = pause ? pause.history : (o.history?.length ?? 0);
    this.messages = pause ? [...pause.messages] : [...(o.history ?? []), { role: 'user', text: o.task }];
    if (pause) ({ step: this.step, modelCalls: this.modelCalls, toolCalls: this.toolCalls, tokens: this.tokens } = pause.counters);
    this.elapsedBefore = pause?.counters.elapsedMs ?? 0;
    this.startedAt = this.now();
    this.byName = new Map(o.tools.map((tool) => [tool.name, tool]));
    this.specs = o.tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters as Record<string, unknown> }));
    this.timeLimit = AbortSignal.timeout(Math.max(1, o.limits.maxMs - this.elapsedBefore));
    this.signal = AbortSignal.any([o.ctx.signal, this.timeLimit]);
  }

  async run(): Promise<unknown> {
    const { limits, answerSchema, resume } = this.o;
    const needsApproval = this.o.tools.find((tool) => tool.requireApproval);
    if (needsApproval && !this.o.approvals) {
      throw new Error(
        `Tool "${needsApproval.name}" needs approval, but this server cannot hold a run for a person's decision. Turn off Require approval on the tool.`,
      );
    }
    if (resume) {
      const decisions = new Map(resume.decisions.map((decision) => [decision.callId, decision]));
      await this.callTools(resume.pause.calls, new Map(resume.pause.results.map((result) => [result.callId, result])), decisions);
    }
    for (;;) {
      this.throwIfStopped();
      if (this.modelCalls >= limits.maxSteps) throw this.limit('steps');
      const reply = await this.modelStep();
      if (this.tokens > limits.tokenBudget) throw this.limit('tokens');
      if (reply.toolCalls.length === 0) {
        if (!answerSchema) return this.answered(reply.text, reply.text);
        const checked = checkJsonAnswer(reply.text, answerSchema);
        if (checked.ok) return this.answered(reply.text, checked.value);
        this.messages.push(
          { role: 'assistant', text: reply.text, toolCalls: [] },
          { role: 'user', text: `That answer does not fit the schema: ${checked.problem}. Reply again with only the JSON.` },
        );
        continue;
      }
      if (this.toolCalls + reply.toolCalls.length > limits.maxToolCalls) throw this.limit('toolCalls', reply.toolCalls.length);
      this.toolCalls += reply.toolCalls.length;
      this.messages.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls });
      await this.callTools(reply.toolCalls, new Map());
    }
  }

  /**
   * Makes one reply's tool calls (in parallel) and adds their results. `done` holds results
   * made before a wait; a call of a tool that needs approval is made only with a person's
   * yes in `decisions`. Without one it waits: the other calls are made, then the loop's
   * state is held and the node stops (`NodeWaiting`).
   */
  private async callTools(
    calls: readonly LlmToolCall[],
    done: ReadonlyMap<string, LlmToolResult>,
    decisions?: ReadonlyMap<string, ToolDecision>,
  ): Promise<void> {
    const held: HeldToolCall[] = [];
    const results = await Promise.all(
      calls.map((call): Promise<LlmToolResult | undefined> | LlmToolResult | undefined => {
        const prior = done.get(call.id);
        if (prior) return prior;
        const checked = this.checkCall(call);
        if (!checked.ok) return checked.result;
        if (!checked.tool.requireApproval) return this.toolStep(call, checked.tool, checked.args);
        const decision = decisions?.get(call.id);
        if (decision?.approved) return this.toolStep(call, checked.tool, checked.args);
        if (decision) return this.rejected(call, checked.tool, checked.args, decision);
        held.push({ callId: call.id, toolName: call.name, toolNodeId: checked.tool.nodeId, arguments: checked.args });
        this.report({
          index: ++this.step,
          kind: 'tool',
          name: call.name,
          startedAt: this.now(),
          status: 'waiting',
          input: checked.args,
          callId: call.id,
          toolNodeId: checked.tool.nodeId,
        });
        return undefined;
      }),
    );
    if (held.length > 0) this.hold(calls, results, held);
    this.messages.push({ role: 'tool', results: results as LlmToolResult[] });
  }

  /** Hands the loop's state and the waiting calls to the host, and stops the node. */
  private hold(calls: readonly LlmToolCall[], results: readonly (LlmToolResult | undefined)[], held: readonly HeldToolCall[]): never {
    const counters = {
      step: this.step,
      modelCalls: this.modelCalls,
      toolCalls: this.toolCalls,
      tokens: this.tokens,
      elapsedMs: this.elapsedBefore + this.now() - this.startedAt,
    };
    const made = results.filter((result): result is LlmToolResult => result !== undefined);
    const pause: AgentPause = { version: 1, messages: this.messages.slice(), history: this.history, calls, results: made, counters };
    this.o.approvals?.hold({ nodeId: this.o.ctx.nodeId, calls: held, state: pause });
    throw new NodeWaiting(waitingReason(held));
  }

  /** A call a person rejected: a step that says so, and the rejection as the tool's result. */
  private rejected(call: LlmToolCall, tool: AgentTool, args: Record<string, unknown>, decision: ToolDecision): LlmToolResult {
    const output = rejectionText(decision);
    this.report({
      index: ++this.step,
      kind: 'tool',
      name: call.name,
      startedAt: this.now(),
      status: 'error',
      input: args,
      callId: call.id,
      toolNodeId: tool.nodeId,
      error: output,
    });
    return { callId: call.id, name: call.name, output, isError: true };
  }

  /** The turn is over: its messages, the answer last, go to memory before the answer leaves. */
  private async answered(text: string, value: unknown): Promise<unknown> {
    if (this.o.remember) {
      await this.o.remember([...this.messages.slice(this.history), { role: 'assistant', text, toolCalls: [] }]);
    }
    return value;
  }

  private async modelStep(): Promise<LlmTurnResult> {
    const { ctx, request } = this.o;
    const index = ++this.step;
    const startedAt = this.now();
    const input = { messages: this.messages.length };
    let reply: LlmTurnResult;
    try {
      reply = await this.o.turn(
        { ...request, messages: this.messages.slice(), tools: this.specs },
        { signal: this.signal, onToken: (text) => ctx.emitToken(text) },
      );
    } catch (error) {
      const failure = this.stopReason() ?? error;
      this.report({ index, kind: 'model', name: request.model, startedAt, status: 'error', input, error: messageOf(failure) });
      throw failure;
    }
    this.modelCalls += 1;
    const usage = { inputTokens: reply.usage.inputTokens, outputTokens: reply.usage.outputTokens };
    this.tokens += usage.inputTokens + usage.outputTokens;
    const priced = pricedUsage(reply.usage, request.model, this.o.price);
    ctx.services.recordUsage(priced);
    const output = { text: reply.text, toolCalls: reply.toolCalls.map(({ id, name, arguments: args }) => ({ id, name, arguments: args })) };
    const cost = priced.costUsd === undefined ? {} : { costUsd: priced.costUsd };
    this.report({ index, kind: 'model', name: priced.model, startedAt, status: 'success', input, output, usage, ...cost });
    return reply;
  }

  /** The call's tool and arguments, or the failure the model reads (an unknown tool, arguments that do not fit) as a step. */
  private checkCall(call: LlmToolCall): { ok: true; tool: AgentTool; args: Record<string, unknown> } | { ok: false; result: LlmToolResult } {
    const failed = (error: string, input?: unknown, nodeId?: string) => {
      const step = { index: ++this.step, kind: 'tool' as const, name: call.name, startedAt: this.now(), callId: call.id };
      this.report({ ...step, status: 'error', error, ...(input === undefined ? {} : { input }), ...(nodeId ? { toolNodeId: nodeId } : {}) });
      return { ok: false as const, result: { callId: call.id, name: call.name, output: error, isError: true } };
    };
    const tool = this.byName.get(call.name);
    if (!tool) return failed(`There is no tool named "${call.name}"; the tools are: ${[...this.byName.keys()].join(', ') || 'none'}.`, call.arguments);
    const args = readArguments(call.arguments);
    if (!args.ok) return failed(args.problem, call.arguments, tool.nodeId);
    const problem = schemaProblem(tool.parameters, args.value);
    if (problem) return failed(`The arguments do not fit: ${problem}.`, args.value, tool.nodeId);
    return { ok: true, tool, args: args.value };
  }

  /** One tool call; its failure is the model's to read, never the node's, unless the run stops. */
  private async toolStep(call: LlmToolCall, tool: AgentTool, input: Record<string, unknown>): Promise<LlmToolResult> {
    const index = ++this.step;
    const startedAt = this.now();
    const base = { index, kind: 'tool' as const, name: call.name, startedAt, callId: call.id };
    const args = { value: input };
    this.throwIfStopped();

    // Reported the moment the run stops, before the engine reports the node's end.
    let reported = false;
    const onStop = () => {
      reported = true;
      this.report({ ...base, status: 'error', input: args.value, toolNodeId: tool.nodeId, error: messageOf(this.stopReason()) });
    };
    this.signal.addEventListener('abort', onStop, { once: true });
    try {
      const value = await untilAborted(tool.call(args.value, this.toolContext(tool)), this.signal);
      reported = true;
      this.report({ ...base, status: 'success', input: args.value, output: value, toolNodeId: tool.nodeId });
      return { callId: call.id, name: call.name, output: toolOutputText(value) };
    } catch (error) {
      if (this.signal.aborted) throw this.stopReason();
      if (reported) throw error;
      reported = true;
      const message = messageOf(error);
      this.report({ ...base, status: 'error', error: message, input: args.value, toolNodeId: tool.nodeId });
      return { callId: call.id, name: call.name, output: message, isError: true };
    } finally {
      this.signal.removeEventListener('abort', onStop);
    }
  }

  private toolContext(tool: AgentTool): ToolCallContext {
    const { ctx } = this.o;
    const log = (message: string, level?: 'info' | 'warn' | 'error') => ctx.log(`${tool.name}: ${message}`, level);
    const nodeContext: NodeRunContext<NodeServices> = {
      runId: ctx.runId,
      nodeId: ctx.nodeId,
      attempt: ctx.attempt,
      signal: this.signal,
      services: ctx.services,
      runInput: undefined,
      log,
      // A tool's own streamed text (an LLM inside it) is not the agent's answer.
      emitToken: () => {},
      now: () => this.now(),
    };
    return { signal: this.signal, services: ctx.services, log, nodeContext };
  }

  private report(step: Omit<NodeStep, 'durationMs'>): void {
    this.o.ctx.step?.({ ...step, durationMs: this.now() - step.startedAt });
  }

  private now(): number {
    return this.o.ctx.now?.() ?? Date.now();
  }

  /** Why the loop must stop now: cancelled, or out of time; undefined while it may go on. */
  private stopReason(): Error | undefined {
    if (this.o.ctx.signal.aborted) {
      const reason: unknown = this.o.ctx.signal.reason;
      return reason instanceof Error ? reason : new Error('Cancelled');
    }
    if (this.timeLimit.aborted) return this.limit('time');
    return undefined;
  }

  private throwIfStopped(): void {
    const reason = this.stopReason();
    if (reason) throw reason;
  }

  private limit(name: LimitName, asked = 0): AgentLimitError {
    const used = { steps: this.modelCalls, toolCalls: this.toolCalls, tokens: this.tokens, stepsTaken: this.step, asked };
    return new AgentLimitError(name, limitMessage(name, this.o.limits, used));
  }
}

export { checkJsonAnswer } from './agent-calls.js';
