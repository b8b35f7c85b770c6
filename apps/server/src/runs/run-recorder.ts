import { addModelCall, type ExecutionEdge, foldNodeResult, keptRunData, type NodeStep, type RunDataMode, type RunEvent } from '@weft/core';
import type { TokenUsage } from '@weft/nodes';
import type { NodeResult, RunUsage } from './execution-types.js';
import { keptNodes, packNodes, slimEvents } from './run-data-storage.js';
import type { RunMasker } from './run-dependencies.js';
import { limitRecord } from './stored-value.js';

/** The columns a finished run writes in its one UPDATE. */
export interface RecordedColumns {
  nodes: string;
  outputs: string | null;
  usage: string | null;
  /** The usage's totals in columns of their own (migration 0023), for lists and sums without JSON. */
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  costIncomplete: number;
  events: string | null;
  /** What was kept (core run-data.ts). */
  dataKept: RunDataMode;
}

/**
 * One run's record while it runs, in memory: every event (masked and size-limited, in
 * order, so an event's sequence number is its index + 1), the per-node results folded
 * from them, the outputs and the token usage. Nothing is written until the run ends,
 * which keeps a run to one INSERT and one UPDATE however many events it has.
 */
export class RunRecorder {
  /** Stored forms of the events; `events[seq - 1]`. */
  readonly events: RunEvent[] = [];
  readonly nodes: Record<string, NodeResult> = {};
  outputs: Readonly<Record<string, unknown>> = {};
  /** Streamed token text held back per node (see record). */
  private readonly heldTokens = new Map<string, string>();
  usage: RunUsage | null = null;

  /**
   * `masker` is null when the user has no secrets, which skips the masking walk;
   * `successfulRunData` is how much a successful run keeps (the workflow's setting);
   * `edges` are the run's, to store a value handed along an edge once (packNodes).
   */
  constructor(
    private readonly masker: RunMasker | null,
    readonly successfulRunData: RunDataMode = 'all',
    private readonly edges: readonly ExecutionEdge[] = [],
  ) {}

  /**
   * Stores the event and returns the sequence number of the last event it added. With
   * secrets to mask, a node's streamed tokens hold back their tail (a secret may be split
   * across tokens), and that tail goes out as one more token before the node's next
   * lifecycle event: so one event can add two, and live watchers never see a secret whole
   * or in pieces.
   */
  record(event: RunEvent): number {
    if (this.masker && 'nodeId' in event && event.type !== 'node:token' && event.type !== 'node:log') this.flushTokens(event.nodeId, event.runId, event.at);
    if (this.masker && event.type === 'run:finished') for (const nodeId of [...this.heldTokens.keys()]) this.flushTokens(nodeId, event.runId, event.at);
    if (this.masker && event.type === 'node:token') {
      const { safe, held } = this.masker.splitStream((this.heldTokens.get(event.nodeId) ?? '') + event.text);
      if (held) this.heldTokens.set(event.nodeId, held);
      else this.heldTokens.delete(event.nodeId);
      this.push({ ...event, text: safe });
      return this.events.length;
    }
    this.push(this.storable(event));
    return this.events.length;
  }

  /**
   * Starts from a waiting run's stored events (already masked and cut) and usage: the run
   * resumed goes on in the same stream, numbered on, and its nodes fold from them.
   */
  restore(events: readonly RunEvent[], usage: RunUsage | null): void {
    for (const event of events) this.push(event);
    this.usage = usage;
  }

  /**
   * Lets the events go once the run is stored: a finished run stays in memory a while for
   * reads of its result (held-runs.ts), which need the nodes and outputs, never the events
   * (a watcher of a finished run replays the stored ones). A 100-node run's events were
   * half of what those runs kept.
   */
  releaseEvents(): void {
    this.events.length = 0;
  }

  private push(stored: RunEvent): void {
    this.events.push(stored);
    this.apply(stored);
  }

  /** Sends a node's held-back token text, masked, as a token event of its own. */
  private flushTokens(nodeId: string, runId: string, at: number): void {
    const held = this.heldTokens.get(nodeId);
    if (!held || !this.masker) return;
    this.heldTokens.delete(nodeId);
    this.push({ type: 'node:token', runId, at, nodeId, text: this.masker.maskText(held) });
  }

  /** One model call's tokens and cost (core's `addModelCall`: per model, and in all). */
  addUsage(usage: TokenUsage): void {
    this.usage = addModelCall(this.usage, usage);
  }

  /** Masked and size-limited, the same way events are: for run inputs and errors outside the engine. */
  storableValues(values: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
    return limitRecord(this.masker ? this.masker.maskDeep(values) : values);
  }

  /** Any value masked, not size-limited: what an Agent's memory stores of a turn. */
  mask<T>(value: T): T {
    return this.masker ? this.masker.maskDeep(value) : value;
  }

  /** Masked but not size-limited: for a synchronous answer, which carries values whole. */
  maskValues(values: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
    return this.masker ? this.masker.maskDeep(values) : values;
  }

  maskText(text: string): string {
    return this.masker ? this.masker.maskText(text) : text;
  }

  /** What a run that ended with `status` stores (run-data-storage.ts: each value once, less for a success when so set). */
  columns(status: string): RecordedColumns {
    const kept = keptRunData(this.successfulRunData, status);
    return {
      nodes: JSON.stringify(packNodes(keptNodes(this.nodes, kept), this.edges)),
      outputs: kept === 'summary' ? null : JSON.stringify(this.outputs),
      usage: this.usage ? JSON.stringify(this.usage) : null,
      inputTokens: this.usage?.inputTokens ?? null,
      outputTokens: this.usage?.outputTokens ?? null,
      costUsd: this.usage?.costUsd ?? null,
      costIncomplete: this.usage?.costIncomplete ? 1 : 0,
      events: kept === 'all' ? JSON.stringify(slimEvents(this.masker ? remaskTokenStreams(this.events, this.masker) : this.events, this.nodes)) : null,
      dataKept: kept,
    };
  }

  /** The event as it may be kept and shown: secret values masked, big values cut. */
  private storable(event: RunEvent): RunEvent {
    switch (event.type) {
      case 'node:started': {
        const inputs = this.storableValues(event.inputs);
        return inputs === event.inputs ? event : { ...event, inputs };
      }
      case 'node:finished': {
        const outputs = this.storableValues(event.outputs);
        return outputs === event.outputs ? event : { ...event, outputs };
      }
      case 'run:finished': {
        const outputs = this.storableValues(event.outputs);
        const error = event.error === undefined ? undefined : this.maskText(event.error);
        return outputs === event.outputs && error === event.error ? event : { ...event, outputs, ...(error === undefined ? {} : { error }) };
      }
      case 'node:log': {
        const message = this.maskText(event.message);
        return message === event.message ? event : { ...event, message };
      }
      case 'node:token': {
        const text = this.maskText(event.text);
        return text === event.text ? event : { ...event, text };
      }
      case 'node:step': {
        const step = this.storableStep(event.step);
        return step === event.step ? event : { ...event, step };
      }
      case 'node:retrying':
      case 'node:failed': {
        const error = this.maskText(event.error);
        return error === event.error ? event : { ...event, error };
      }
      default:
        return event;
    }
  }

  /** A step's arguments, result and error masked and cut like a node's inputs and outputs. */
  private storableStep(step: NodeStep): NodeStep {
    const values: Record<string, unknown> = {};
    if (step.input !== undefined) values.input = step.input;
    if (step.output !== undefined) values.output = step.output;
    const stored = this.storableValues(values);
    const error = step.error === undefined ? undefined : this.maskText(step.error);
    if (stored === values && error === step.error) return step;
    return { ...step, ...stored, ...(error === undefined ? {} : { error }) };
  }

  private apply(event: RunEvent): void {
    // Core's fold, shared with the stored view; the run's outputs are the recorder's own.
    foldNodeResult(this.nodes, event);
    if (event.type === 'run:finished') this.outputs = event.outputs;
  }
}

/**
 * Tokens are masked one at a time as they stream, so a secret split across two tokens
 * would survive in them. Before the events are stored, each node's tokens are joined and
 * masked whole; where that changes anything, the node's first token carries the masked
 * text and its other tokens become empty, so sequence numbers (indices) stay as they were.
 */
export function remaskTokenStreams(events: readonly RunEvent[], masker: RunMasker): RunEvent[] {
  const byNode = new Map<string, number[]>();
  events.forEach((event, index) => {
    if (event.type !== 'node:token') return;
    const list = byNode.get(event.nodeId);
    if (list) list.push(index);
    else byNode.set(event.nodeId, [index]);
  });
  const result = [...events];
  for (const indices of byNode.values()) {
    const joined = indices.map((i) => (events[i] as { text: string }).text).join('');
    const masked = masker.maskText(joined);
    if (masked === joined) continue;
    indices.forEach((i, n) => {
      result[i] = { ...(events[i] as Extract<RunEvent, { type: 'node:token' }>), text: n === 0 ? masked : '' };
    });
  }
  return result;
}
