import { isActiveStatus, keptRunData, type RunEvent } from '@weft/core';
import type { ToolApprovalHold, ToolApprovalResume } from '@weft/nodes';
import type { ExecutionDetail, ExecutionSummary } from './execution-types.js';
import type { RunPlan } from './plan-run.js';
import { keptNodes } from './run-data-storage.js';
import type { RunTask } from './run-queue.js';
import type { RunRecorder } from './run-recorder.js';
import type { UnstoredRow } from './unstored-row.js';

/**
 * An execution this process is running or has queued: the live truth about it until its
 * end is written. Reads (get, list, the event stream) prefer this over the stored row.
 */
export class ActiveRun {
  /** Aborted by cancel and by shutdown; the engine aborts the running nodes. */
  readonly controller = new AbortController();
  readonly done: Promise<void>;
  /** The queue's handle for this run, to take it out again while it waits. */
  task: RunTask | undefined;
  /** Set by cancel, so an abort reads as "cancelled" rather than as a shutdown. */
  cancelRequested = false;
  /** Set once the engine has started. */
  started = false;
  /** A caller will wait for the result and wants the outputs whole (StartRunRequest.answerWanted). */
  answerWanted = false;
  /** The conversation an Agent with memory continues (StartRunRequest.sessionId). */
  sessionId: string | undefined;
  /** Tool calls held for approval by its Agents (stored when the run ends `waiting`). */
  readonly holds: ToolApprovalHold[] = [];
  /** Set when this run continues a waiting one (resume-run.ts). */
  resume: RunResume | undefined;
  /** A run answered in its request whose row is not written yet (unstored-row.ts); embedded mode. */
  unstored: UnstoredRow | undefined;
  private answerOutputs: Readonly<Record<string, unknown>> | undefined;
  private answerTimer: NodeJS.Timeout | undefined;
  private resolveDone!: () => void;

  constructor(
    readonly userId: string,
    /** Mutable: status and timings change as the run goes. */
    readonly summary: ExecutionSummary,
    /** Run inputs by node id as given (the engine's), and as stored (masked, limited). */
    readonly runInputs: Readonly<Record<string, unknown>>,
    readonly storedInputs: Readonly<Record<string, unknown>>,
    readonly plan: RunPlan,
    readonly params: Readonly<Record<string, unknown>>,
    readonly recorder: RunRecorder,
  ) {
    this.done = new Promise((resolve) => {
      this.resolveDone = resolve;
    });
  }

  get id(): string {
    return this.summary.id;
  }

  get finished(): boolean {
    return !isActiveStatus(this.summary.status);
  }

  /**
   * Holds the whole outputs for the waiting caller. They go to the first `takeAnswerOutputs`,
   * or after a minute if nobody came for them, so finished runs kept in memory stay small.
   */
  keepAnswerOutputs(outputs: Readonly<Record<string, unknown>>): void {
    this.answerOutputs = outputs;
    this.answerTimer = setTimeout(() => {
      this.answerOutputs = undefined;
    }, 60_000);
    this.answerTimer.unref();
  }

  takeAnswerOutputs(): Readonly<Record<string, unknown>> | undefined {
    const outputs = this.answerOutputs;
    this.answerOutputs = undefined;
    clearTimeout(this.answerTimer);
    return outputs;
  }

  markDone(): void {
    this.resolveDone();
  }

  /** The whole execution as the API shows it, from memory; once finished, only what was stored (run-data-storage.ts). */
  detail(): ExecutionDetail {
    const kept = this.finished ? keptRunData(this.recorder.successfulRunData, this.summary.status) : 'all';
    return {
      ...this.summary,
      inputs: this.storedInputs as Record<string, unknown>,
      outputs: kept === 'summary' ? {} : (this.recorder.outputs as Record<string, unknown>),
      usage: this.recorder.usage,
      nodes: keptNodes(this.recorder.nodes, kept),
      ...(kept === 'all' ? {} : { kept }),
    };
  }

  /** Events with a sequence number above `after`, for a watcher that joins late. */
  eventsAfter(after: number): { seq: number; event: RunEvent }[] {
    const events = this.recorder.events;
    const out: { seq: number; event: RunEvent }[] = [];
    for (let index = Math.max(0, after); index < events.length; index++) out.push({ seq: index + 1, event: events[index] as RunEvent });
    return out;
  }
}

/** What a run that continues a waiting one knows: each Agent's stored state and decisions, and the nodes seeded from before. */
export interface RunResume {
  readonly agents: ReadonlyMap<string, ToolApprovalResume>;
  /** Nodes that finished before the wait: their outputs are seeded, their events already in the stream. */
  readonly seeded: ReadonlySet<string>;
}
