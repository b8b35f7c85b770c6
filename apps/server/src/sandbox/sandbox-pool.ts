import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SandboxRunOptions, SandboxService } from '@weft/nodes';
import { FairQueue } from '../platform/fair-queue.js';
import { cancelledError, closedError, crashedError, SandboxError, type SandboxLimits, sandboxError } from './sandbox-errors.js';
import type { SandboxRunRequest, SandboxWorkerMessage, SandboxWorkerSettings } from './sandbox-protocol.js';
import { quickjsUrl, sandboxWorkerUrl } from './worker-script.js';

export interface SandboxPoolOptions {
  /** Worker threads, each running one call at a time. Default: min(2, CPU count). */
  workers?: number;
  /** Memory per call. Default 64. */
  memoryMb?: number;
  /** Upper bound (and default) for a call's CPU time. Default 1000. */
  maxTimeoutMs?: number;
  /** QuickJS stack per call. Default 512 KB, which the worker's 32 MB thread stack covers many times over. */
  stackKb?: number;
  /** Longest JSON a call may return, in characters. Default 8 Mi. */
  maxOutputChars?: number;
  /** `console` lines per call, and characters per line. Defaults 1000 and 2000. */
  maxLogLines?: number;
  maxLogLineChars?: number;
  /** How long past its time limit a worker may stay silent before it is presumed stuck. Default 2000 ms. */
  graceMs?: number;
  /**
   * How many workers one owner's calls may hold at once (WEFT_SANDBOX_WORKERS_PER_USER).
   * Default: all of them. Below the pool's size, a worker is always left for everyone else.
   */
  workersPerOwner?: number;
}

/** Plain identifiers only: each global becomes a parameter of the user's function. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function ' +
    'if import in instanceof new null return super switch this throw true try typeof var void while with yield let static ' +
    'implements interface package private protected public await arguments eval'
  ).split(' '),
);

interface Call {
  /** Whose call it is (`options.owner`, '' for none): the fair queue's key. */
  readonly owner: string;
  readonly request: SandboxRunRequest;
  readonly options: SandboxRunOptions;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  slot?: Slot;
  watchdog?: NodeJS.Timeout;
  onAbort?: () => void;
  settled?: boolean;
}

interface Slot {
  readonly worker: Worker;
  ready: boolean;
  call?: Call;
}

/**
 * Runs user JavaScript in QuickJS on a small pool of worker threads, so a busy script
 * never stalls the server's event loop. Each call gets a fresh QuickJS runtime in a
 * worker; a worker that overruns its call's time limit by more than `graceMs`, or whose
 * call is cancelled, is terminated and replaced. Calls beyond the pool's size wait in
 * line; the time limit counts from when a call starts running.
 *
 * Waiting calls are served round-robin between owners (`options.owner`, a user), each
 * owner's in arrival order, and one owner's calls hold at most `workersPerOwner` workers.
 * Turns alone were not enough: a call cannot be interrupted for another, so a user whose
 * slow scripts held every worker made a newcomer, first in line, wait for one of them to
 * end (28 s behind 30-second scripts). Held back from the last worker, they cannot.
 */
export class SandboxPool implements SandboxService {
  private readonly size: number;
  private readonly limits: Omit<SandboxLimits, 'timeoutMs'> & { maxTimeoutMs: number };
  private readonly graceMs: number;
  private readonly settings: Omit<SandboxWorkerSettings, 'quickjsUrl'>;
  private readonly slots: Slot[] = [];
  private readonly queue: FairQueue<Call>;
  private nextId = 1;
  private closed = false;

  constructor(options: SandboxPoolOptions = {}) {
    this.size = Math.max(1, options.workers ?? Math.min(2, availableParallelism()));
    const memoryMb = options.memoryMb ?? 64;
    const maxOutputChars = options.maxOutputChars ?? 8 * 1024 * 1024;
    this.limits = { memoryMb, maxOutputChars, maxTimeoutMs: Math.max(1, options.maxTimeoutMs ?? 1000) };
    this.graceMs = options.graceMs ?? 2000;
    this.queue = new FairQueue(Math.max(1, Math.min(this.size, options.workersPerOwner ?? this.size)));
    this.settings = {
      memoryBytes: memoryMb * 1024 * 1024,
      stackBytes: (options.stackKb ?? 512) * 1024,
      maxOutputChars,
      maxLogLines: options.maxLogLines ?? 1000,
      maxLogLineChars: options.maxLogLineChars ?? 2000,
    };
  }

  runFunctionBody(code: string, globals: Readonly<Record<string, unknown>>, options: SandboxRunOptions): Promise<unknown> {
    if (this.closed) return Promise.reject(closedError());
    if (options.signal.aborted) return Promise.reject(cancelledError());
    const names = Object.keys(globals);
    const bad = names.find((name) => !IDENTIFIER.test(name) || RESERVED.has(name));
    if (bad !== undefined) {
      return Promise.reject(new SandboxError('invalid-input', `"${bad}" cannot be a variable name in code`));
    }
    let argsJson: string;
    try {
      argsJson = JSON.stringify(globals);
    } catch (error) {
      return Promise.reject(new SandboxError('invalid-input', `The code's input is not JSON-compatible: ${(error as Error).message}`));
    }
    const requested = Number.isFinite(options.timeoutMs) ? Math.floor(options.timeoutMs as number) : this.limits.maxTimeoutMs;
    const timeoutMs = Math.max(1, Math.min(requested, this.limits.maxTimeoutMs));
    const request: SandboxRunRequest = { type: 'run', id: this.nextId++, names, argsJson, code, timeoutMs };
    // Both are copied into the sandbox's memory before any code runs; past half of it,
    // parsing could not succeed anyway, and a clear message beats an odd failure.
    if ((argsJson.length + code.length) * 2 > this.settings.memoryBytes) {
      return Promise.reject(sandboxError({ kind: 'input-too-large' }, this.limitsFor(request)));
    }

    return new Promise<unknown>((resolve, reject) => {
      const call: Call = { owner: options.owner ?? '', request, options, resolve, reject };
      call.onAbort = () => this.cancel(call);
      options.signal.addEventListener('abort', call.onAbort, { once: true });
      this.queue.push(call);
      this.pump();
    });
  }

  /**
   * Starts the workers now rather than on the first call (each takes a few hundred ms).
   * Throws if the worker script is missing, so a broken install shows at start-up.
   */
  warmUp(): void {
    while (!this.closed && this.slots.length < this.size) this.spawn();
  }

  /** Workers started and able to take a call (busy or not). */
  get readyWorkers(): number {
    return this.slots.filter((slot) => slot.ready).length;
  }

  /** Stops every worker; calls still queued or running fail with "shut down". */
  async close(): Promise<void> {
    this.closed = true;
    for (const call of this.queue.drain()) this.settle(call, closedError());
    const workers = this.slots.splice(0).map((slot) => {
      if (slot.call) this.settle(slot.call, closedError());
      return slot.worker;
    });
    await Promise.all(workers.map((worker) => worker.terminate().catch(() => undefined)));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const idle = this.slots.find((slot) => slot.ready && !slot.call);
      if (!idle) {
        if (this.slots.length < this.size) this.trySpawn();
        break;
      }
      const next = this.takeNext();
      // Every waiting call's owner holds its share: the idle worker stays for someone else.
      if (!next) break;
      this.start(idle, next);
    }
    this.updateRefs();
  }

  /** The next call the fair queue gives, counting the calls the workers hold now. */
  private takeNext(): Call | undefined {
    return this.queue.take(this.slots.flatMap((slot) => (slot.call ? [slot.call] : [])));
  }

  /**
   * Workers keep the process alive only while there is work: idle ones must not hold up
   * an exit, but one starting up for a waiting call must.
   */
  private updateRefs(): void {
    const waiting = this.queue.length > 0;
    for (const slot of this.slots) {
      if (waiting || slot.call) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  private start(slot: Slot, call: Call): void {
    slot.call = call;
    call.slot = slot;
    // The worker interrupts the code itself; this only catches a worker that cannot
    // (stuck in a long builtin, or gone quiet for any other reason).
    call.watchdog = setTimeout(() => {
      this.discard(slot);
      this.settle(call, sandboxError({ kind: 'timeout' }, this.limitsFor(call.request)));
    }, call.request.timeoutMs + this.graceMs);
    slot.worker.postMessage(call.request);
  }

  private spawn(): void {
    const worker = new Worker(sandboxWorkerUrl(), {
      workerData: { ...this.settings, quickjsUrl: quickjsUrl() } satisfies SandboxWorkerSettings,
      // Nothing in the worker needs the server's environment (keys, database URLs).
      env: {},
      // QuickJS recursion runs on this thread's stack: room for the QuickJS stack limit to trip first.
      resourceLimits: { stackSizeMb: 32, maxOldGenerationSizeMb: 256 },
    });
    const slot: Slot = { worker, ready: false };
    this.slots.push(slot);
    worker.on('message', (message: SandboxWorkerMessage) => this.onMessage(slot, message));
    worker.on('error', (error) => this.onExit(slot, error));
    worker.on('exit', () => this.onExit(slot, undefined));
    this.updateRefs();
  }

  private onMessage(slot: Slot, message: SandboxWorkerMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      this.pump();
      return;
    }
    const call = slot.call;
    if (!call || call.request.id !== message.id) return;
    if (message.type === 'log') {
      try {
        call.options.onLog(message.line);
      } catch {
        // A failing log sink must not fail the user's code.
      }
      return;
    }
    slot.call = undefined;
    if (message.outcome.ok) this.settleWithJson(call, message.outcome.json);
    else this.settle(call, sandboxError(message.outcome, this.limitsFor(call.request)));
    if (message.retire) this.discard(slot);
    this.pump();
  }

  private onExit(slot: Slot, error: Error | undefined): void {
    if (!this.slots.includes(slot)) return;
    this.slots.splice(this.slots.indexOf(slot), 1);
    if (slot.call) this.settle(slot.call, crashedError());
    if (!slot.ready) {
      // It never started: starting another would fail the same way, so fail the waiting calls.
      this.failQueued(error ?? new Error('the worker exited while starting'));
      return;
    }
    this.pump();
  }

  private failQueued(error: unknown): void {
    const detail = error instanceof Error ? error.message : String(error);
    for (const call of this.queue.drain()) {
      this.settle(call, new SandboxError('crashed', `The code sandbox could not start: ${detail}`));
    }
  }

  private cancel(call: Call): void {
    this.queue.remove(call);
    // Terminating is the only way to stop code that is running right now.
    if (call.slot?.call === call) this.discard(call.slot);
    this.settle(call, cancelledError());
    this.pump();
  }

  private trySpawn(): void {
    try {
      this.spawn();
    } catch (error) {
      this.failQueued(error);
    }
  }

  /** Terminates a worker and forgets it; a replacement starts at once so the next call need not wait. */
  private discard(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    slot.call = undefined;
    slot.worker.terminate().catch(() => undefined);
    if (!this.closed && this.slots.length < this.size) this.trySpawn();
  }

  private settleWithJson(call: Call, json: string): void {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch (error) {
      this.settle(call, sandboxError({ kind: 'internal', detail: (error as Error).message }, this.limitsFor(call.request)));
      return;
    }
    this.settle(call, undefined, value);
  }

  private settle(call: Call, error: Error | undefined, value?: unknown): void {
    if (call.settled) return;
    call.settled = true;
    if (call.watchdog) clearTimeout(call.watchdog);
    if (call.onAbort) call.options.signal.removeEventListener('abort', call.onAbort);
    if (call.slot?.call === call) call.slot.call = undefined;
    if (error) call.reject(error);
    else call.resolve(value);
    this.updateRefs();
  }

  private limitsFor({ timeoutMs }: { timeoutMs: number }): SandboxLimits {
    return { timeoutMs, memoryMb: this.limits.memoryMb, maxOutputChars: this.limits.maxOutputChars };
  }
}
