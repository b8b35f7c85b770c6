import type { RunEvent } from '@weft/core';
import type { ExecutionDetail, ExecutionSummary } from './execution-types.js';
import type { RunPlan } from './plan-run.js';
import type { RunTask } from './run-queue.js';
import type { RunRecorder } from './run-recorder.js';

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
    const status = this.summary.status;
    return status !== 'queued' && status !== 'running';
  }

  markDone(): void {
    this.resolveDone();
  }

  /** The whole execution as the API shows it, from memory. */
  detail(): ExecutionDetail {
    return {
      ...this.summary,
      inputs: this.storedInputs as Record<string, unknown>,
      outputs: this.recorder.outputs as Record<string, unknown>,
      usage: this.recorder.usage,
      nodes: this.recorder.nodes,
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
