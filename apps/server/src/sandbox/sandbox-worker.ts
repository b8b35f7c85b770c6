/**
 * Worker thread that runs user code in QuickJS (WebAssembly). One call at a time; each
 * call gets a fresh QuickJS runtime and context, disposed afterwards, so calls never
 * share state. Nothing of the host is exposed: the only function the code can reach is
 * `console.*`, which hands a formatted line back as a string.
 *
 * Self-contained on purpose: besides `node:worker_threads` it has only type imports, and
 * quickjs-emscripten is imported from the URL the pool passes in. So the same source runs
 * from dist/ and, transpiled in memory, under vitest (see worker-script.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type * as QuickJSLibrary from 'quickjs-emscripten';
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';
import type { SandboxFailure, SandboxOutcome, SandboxRunRequest, SandboxWorkerMessage, SandboxWorkerSettings } from './sandbox-protocol.js';

const settings = workerData as SandboxWorkerSettings;
if (!parentPort) throw new Error('sandbox-worker must run in a worker thread');
const port = parentPort;

const PAGE_BYTES = 65_536;
/** QuickJS's own static data and C stack live in the same memory as the user's values. */
const BASE_BYTES = 16 * 1024 * 1024;
/**
 * The memory limit. QuickJS's own (`setMemoryLimit`) is not used: this build cannot
 * measure allocation sizes, so it counts allocations rather than bytes. Instead the
 * WebAssembly memory cannot grow past the limit, so every allocation beyond it fails,
 * which QuickJS reports as "out of memory" (or, with no room left even for that error
 * object, by throwing null).
 */
const maxPages = Math.ceil((BASE_BYTES + settings.memoryBytes) / PAGE_BYTES);
// The server's TypeScript libraries leave out the WebAssembly API; this is the part used here.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory };
};
const memory = new wasm.Memory({ initial: BASE_BYTES / PAGE_BYTES, maximum: maxPages });

const quickjs = await loadQuickJS();

port.on('message', (request: SandboxRunRequest) => {
  const { outcome, retire } = runCall(request);
  port.postMessage({ type: 'done', id: request.id, outcome, retire } satisfies SandboxWorkerMessage);
});
port.postMessage({ type: 'ready' } satisfies SandboxWorkerMessage);

async function loadQuickJS(): Promise<QuickJSWASMModule> {
  type Library = typeof QuickJSLibrary;
  // The URL names the CommonJS build; Node exposes its exports as named ones, or as `default`.
  const loaded = (await import(settings.quickjsUrl)) as Library & { default?: Library };
  const library = typeof loaded.newQuickJSWASMModule === 'function' ? loaded : loaded.default;
  if (!library) throw new Error(`quickjs-emscripten not found at ${settings.quickjsUrl}`);
  return library.newQuickJSWASMModule(library.newVariant(library.RELEASE_SYNC, { wasmMemory: memory }));
}

/**
 * True when the memory has grown to its limit, so allocations fail for lack of room.
 * Emscripten grows the memory by at least 5 % at a time, so growth stops once the memory
 * is within 5 % of its maximum, whatever the size asked for.
 */
function memoryExhausted(): boolean {
  return memory.buffer.byteLength * 1.05 > maxPages * PAGE_BYTES;
}

function runCall(request: SandboxRunRequest): { outcome: SandboxOutcome; retire: boolean } {
  const deadline = Date.now() + request.timeoutMs;
  let timedOut = false;
  let runtime: QuickJSRuntime | undefined;
  let context: QuickJSContext | undefined;
  const handles: QuickJSHandle[] = [];
  let outcome: SandboxOutcome;
  let retire = false;
  try {
    runtime = quickjs.newRuntime({
      maxStackSizeBytes: settings.stackBytes,
      // Called by QuickJS every few thousand operations, and while running promise jobs.
      interruptHandler: () => {
        if (Date.now() < deadline) return false;
        timedOut = true;
        return true;
      },
    });
    context = runtime.newContext();
    outcome = new SandboxCall(runtime, context, request, handles, () => timedOut).run();
  } catch (error) {
    // Thrown on the host side: the thread's own stack overflowed inside the interpreter,
    // or WebAssembly aborted. Its state can no longer be trusted.
    retire = true;
    outcome = { ok: false, ...hostFailure(error, timedOut) };
  }
  if (!retire) {
    try {
      for (const handle of handles.reverse()) if (handle.alive) handle.dispose();
      context?.dispose();
      runtime?.dispose();
    } catch {
      retire = true;
    }
  }
  // A memory that grew large stays large; a fresh worker starts small again, and the
  // "memory exhausted" check above stays meaningful for the next call.
  if (memory.buffer.byteLength > BASE_BYTES + settings.memoryBytes / 2) retire = true;
  return { outcome, retire };
}

function hostFailure(error: unknown, timedOut: boolean): SandboxFailure {
  if (timedOut) return { kind: 'timeout' };
  if (error instanceof RangeError && /call stack/i.test(error.message)) return { kind: 'stack' };
  if (memoryExhausted()) return { kind: 'memory' };
  return { kind: 'internal', detail: error instanceof Error ? error.message : String(error) };
}

/** The user's code is compiled as this file name; its line numbers are the user's own. */
const FILE_NAME = 'code.js';

/** Defines `console` inside the sandbox; formatting happens there, only a string comes out. */
const CONSOLE_SETUP = `(function (send, maxChars) {
  const stringify = JSON.stringify;
  const format = (value) => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return String(value.name) + ': ' + String(value.message);
    try {
      const text = stringify(value);
      if (text !== undefined) return text;
    } catch {}
    try { return String(value); } catch { return Object.prototype.toString.call(value); }
  };
  const method = (prefix) => (...args) => {
    let line = prefix;
    for (let i = 0; i < args.length && line.length <= maxChars; i++) line += (i > 0 ? ' ' : '') + format(args[i]);
    send(line.slice(0, maxChars + 1));
  };
  const console = { log: method(''), info: method(''), debug: method(''), warn: method('[warn] '), error: method('[error] ') };
  Object.defineProperty(globalThis, 'console', { value: console, writable: true, configurable: true });
})`;

class SandboxCall {
  private logLines = 0;

  constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly ctx: QuickJSContext,
    private readonly request: SandboxRunRequest,
    private readonly handles: QuickJSHandle[],
    private readonly timedOut: () => boolean,
  ) {}

  run(): SandboxOutcome {
    const { ctx, request } = this;
    // Taken before any user code runs, so the code cannot swap them out.
    const json = this.keep(ctx.getProp(ctx.global, 'JSON'));
    const parse = this.keep(ctx.getProp(json, 'parse'));
    const stringify = this.keep(ctx.getProp(json, 'stringify'));
    this.installConsole();

    const parsed = ctx.callFunction(parse, ctx.undefined, this.keep(ctx.newString(request.argsJson)));
    if (parsed.error) {
      this.keep(parsed.error);
      return this.fail(this.timedOut() || memoryExhausted() ? { kind: 'input-too-large' } : this.describe(parsed.error));
    }
    const input = this.keep(parsed.value);
    const args = request.names.map((name) => this.keep(ctx.getProp(input, name)));

    // Same line as the user's first line, so reported line numbers match theirs.
    const source = `(async function (${request.names.join(', ')}) {${request.code}\n})`;
    const compiled = ctx.evalCode(source, FILE_NAME);
    if (compiled.error) return this.fail(this.describe(this.keep(compiled.error)));
    const fn = this.keep(compiled.value);
    if (ctx.typeof(fn) !== 'function') {
      return this.fail({ kind: 'thrown', message: 'The code must be the body of a function: check for an unmatched "}"' });
    }

    const called = ctx.callFunction(fn, ctx.undefined, args);
    if (called.error) return this.fail(this.describe(this.keep(called.error)));
    const promise = this.keep(called.value);
    // Only promise jobs can be pending: there are no timers or I/O to wait for.
    const jobs = this.runtime.executePendingJobs();
    if (jobs.error) {
      const failure = this.describe(jobs.error);
      jobs.dispose();
      return this.fail(failure);
    }

    const state = ctx.getPromiseState(promise);
    if (state.type === 'pending') return this.fail(this.timedOut() ? { kind: 'timeout' } : { kind: 'never-settled' });
    if (state.type === 'rejected') return this.fail(this.describe(this.keep(state.error)));
    const value = state.notAPromise ? state.value : this.keep(state.value);
    return this.serialise(value, stringify);
  }

  private serialise(value: QuickJSHandle, stringify: QuickJSHandle): SandboxOutcome {
    const { ctx } = this;
    const type = ctx.typeof(value);
    if (type === 'undefined') return { ok: true, json: 'null' };
    const result = ctx.callFunction(stringify, ctx.undefined, value);
    if (result.error) {
      const failure = this.describe(this.keep(result.error));
      if (failure.kind !== 'thrown') return this.fail(failure);
      return this.fail({ kind: 'not-json', detail: failure.message.replace(/^\w*Error: /, '') });
    }
    const text = this.keep(result.value);
    if (ctx.typeof(text) !== 'string') return this.fail({ kind: 'not-json', detail: `a ${type} cannot be converted` });
    // Measured inside the sandbox so an oversized result is never copied out.
    const chars = ctx.getNumber(this.keep(ctx.getProp(text, 'length')));
    if (chars > settings.maxOutputChars) return this.fail({ kind: 'output-too-large', chars });
    return { ok: true, json: ctx.getString(text) };
  }

  private installConsole(): void {
    const { ctx } = this;
    const send = this.keep(ctx.newFunction('send', (line) => this.log(line)));
    const setup = this.keep(ctx.unwrapResult(ctx.evalCode(CONSOLE_SETUP, 'console-setup.js')));
    const maxChars = this.keep(ctx.newNumber(settings.maxLogLineChars));
    this.keep(ctx.unwrapResult(ctx.callFunction(setup, ctx.undefined, send, maxChars)));
  }

  private log(lineHandle: QuickJSHandle | undefined): void {
    if (!lineHandle || this.ctx.typeof(lineHandle) !== 'string') return;
    this.logLines += 1;
    if (this.logLines > settings.maxLogLines) {
      if (this.logLines === settings.maxLogLines + 1) {
        this.post(`(further console output dropped: at most ${settings.maxLogLines} lines per run)`);
      }
      return;
    }
    const line = this.ctx.getString(lineHandle);
    this.post(line.length > settings.maxLogLineChars ? `${line.slice(0, settings.maxLogLineChars)}…` : line);
  }

  private post(line: string): void {
    port.postMessage({ type: 'log', id: this.request.id, line } satisfies SandboxWorkerMessage);
  }

  /** Turns a thrown value into what went wrong, reading it inside the sandbox. */
  private describe(error: QuickJSHandle): SandboxFailure {
    if (this.timedOut()) return { kind: 'timeout' };
    let dumped: unknown;
    try {
      dumped = this.ctx.dump(error);
    } catch {
      if (this.timedOut()) return { kind: 'timeout' };
      return memoryExhausted() ? { kind: 'memory' } : { kind: 'thrown', message: 'The code threw a value that cannot be shown' };
    }
    // Out of room even for an error object, QuickJS throws null.
    if (dumped === null || dumped === undefined) {
      if (memoryExhausted()) return { kind: 'memory' };
      return { kind: 'thrown', message: `The code threw ${String(dumped)}` };
    }
    if (typeof dumped !== 'object' || typeof (dumped as { message?: unknown }).message !== 'string') {
      return { kind: 'thrown', message: typeof dumped === 'string' ? dumped : (JSON.stringify(dumped) ?? String(dumped)) };
    }
    const { name, message, stack } = dumped as { name?: unknown; message: string; stack?: unknown };
    if (message === 'out of memory' && name === 'InternalError') return { kind: 'memory' };
    if (message === 'stack overflow') return { kind: 'stack' };
    const label = typeof name === 'string' && name !== '' && name !== 'Error' ? `${name}: ${message}` : message;
    const line = typeof stack === 'string' ? /code\.js:(\d+)/.exec(stack)?.[1] : undefined;
    return line ? { kind: 'thrown', message: label, line: Number(line) } : { kind: 'thrown', message: label };
  }

  private fail(failure: SandboxFailure): SandboxOutcome {
    return { ok: false, ...failure };
  }

  private keep(handle: QuickJSHandle): QuickJSHandle {
    this.handles.push(handle);
    return handle;
  }
}
