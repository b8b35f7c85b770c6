import type { NodeStep } from '@weft/core';

/** A tool call as a model step's output names it (packages/nodes run/agent-loop.ts). */
export interface AskedCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: unknown;
  /** The tool step that ran it, once it has ended; absent while it runs, or when the run stopped first. */
  readonly ranAs?: number;
  /** That step's status: `waiting` while a person has to approve the call (its end comes as a later step). */
  readonly ranStatus?: string;
}

/** One row of the inspector's steps list: a step with what pairs it to the others. */
export interface StepRow {
  readonly step: NodeStep;
  /** Model steps: the text it wrote (its answer, or what it said beside its calls). */
  readonly text?: string;
  /** Model steps: the tool calls it asked for, in its order, each with the step that ran it. */
  readonly calls?: readonly AskedCall[];
  /** Tool steps: the model step that asked for it (by the call's id). */
  readonly askedBy?: number;
  /** The step's price in US dollars, when the model's price is known. */
  readonly costUsd?: number;
}

/** What the steps add up to, for the list's heading. */
export interface StepTotals {
  readonly modelCalls: number;
  readonly toolCalls: number;
  readonly failed: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Undefined unless at least one step had a price. */
  readonly costUsd?: number;
}

interface ModelOutput {
  readonly text?: unknown;
  readonly toolCalls?: readonly { readonly id?: unknown; readonly name?: unknown; readonly arguments?: unknown }[];
}

/**
 * The steps of a node in the order they began, each model step with the tool calls it
 * asked for and each tool step with the model step that asked: a tool step's `callId` is
 * one of its model step's `toolCalls[].id`. Parallel calls end in any order, so steps are
 * sorted by `index` (the order they began), not by when they were reported.
 */
export function stepRows(steps: readonly NodeStep[]): StepRow[] {
  const ordered = [...steps].sort((a, b) => a.index - b.index);
  // A call held for approval has two steps with its id (waiting, then its end): the later one says how it went.
  const ranBy = new Map<string, NodeStep>();
  for (const step of ordered) if (step.kind === 'tool' && step.callId) ranBy.set(step.callId, step);
  const askedBy = new Map<string, number>();
  const rows: StepRow[] = [];
  for (const step of ordered) {
    const cost = costOf(step);
    if (step.kind === 'model') {
      const output = (step.output ?? {}) as ModelOutput;
      const calls: AskedCall[] = [];
      for (const call of Array.isArray(output.toolCalls) ? output.toolCalls : []) {
        const id = typeof call.id === 'string' ? call.id : '';
        if (id) askedBy.set(id, step.index);
        const ran = id ? ranBy.get(id) : undefined;
        const name = typeof call.name === 'string' ? call.name : '?';
        calls.push({ id, name, arguments: call.arguments, ...(ran ? { ranAs: ran.index, ranStatus: ran.status } : {}) });
      }
      const text = typeof output.text === 'string' && output.text !== '' ? { text: output.text } : {};
      rows.push({ step, ...text, calls, ...cost });
    } else {
      const asked = step.callId ? askedBy.get(step.callId) : undefined;
      rows.push({ step, ...(asked !== undefined ? { askedBy: asked } : {}), ...cost });
    }
  }
  return rows;
}

/** How many calls of each kind, failures, tokens and (when known) money the steps took. */
export function stepTotals(steps: readonly NodeStep[]): StepTotals {
  let modelCalls = 0;
  let toolCalls = 0;
  let failed = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let costUsd: number | undefined;
  for (const step of steps) {
    if (step.kind === 'model') modelCalls += 1;
    else toolCalls += 1;
    if (step.status === 'error') failed += 1;
    inputTokens += step.usage?.inputTokens ?? 0;
    outputTokens += step.usage?.outputTokens ?? 0;
    const cost = costOf(step).costUsd;
    if (cost !== undefined) costUsd = (costUsd ?? 0) + cost;
  }
  return { modelCalls, toolCalls, failed, inputTokens, outputTokens, ...(costUsd !== undefined ? { costUsd } : {}) };
}

/** A step's price (`NodeStep.costUsd`, set when the model's price is known); only a finite, non-negative number counts. */
function costOf(step: NodeStep): { costUsd?: number } {
  const value = step.costUsd;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? { costUsd: value } : {};
}

/** A tool call's arguments on one line: `orderId: "A-17", full: true`, cut to `max` characters. */
export function briefArguments(args: unknown, max = 80): string {
  let text: string;
  if (args && typeof args === 'object' && !Array.isArray(args)) {
    text = Object.entries(args as Record<string, unknown>)
      .map(([key, value]) => `${key}: ${JSON.stringify(value) ?? 'undefined'}`)
      .join(', ');
  } else text = args === undefined ? '' : (JSON.stringify(args) ?? '');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
