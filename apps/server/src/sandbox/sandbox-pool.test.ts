import { afterAll, describe, expect, it } from 'vitest';
import { SandboxPool } from './sandbox-pool.js';

/** Default limits (64 MB) but room in time, so the memory and stack tests end on their own limit. */
const pool = new SandboxPool({ workers: 2, maxTimeoutMs: 5000 });
/** One worker, so consecutive calls are sure to share it. */
const single = new SandboxPool({ workers: 1 });
afterAll(() => Promise.all([pool.close(), single.close()]));

interface RunOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  on?: SandboxPool;
}

function run(code: string, globals: Record<string, unknown> = {}, options: RunOptions = {}) {
  const lines: string[] = [];
  const result = (options.on ?? pool).runFunctionBody(code, globals, {
    signal: options.signal ?? new AbortController().signal,
    timeoutMs: options.timeoutMs,
    onLog: (line) => lines.push(line),
  });
  return { result, lines };
}

const value = (code: string, globals?: Record<string, unknown>, options?: RunOptions) => run(code, globals, options).result;

async function expectStillWorks(on: SandboxPool = pool): Promise<void> {
  await expect(value('return n * 2', { n: 21 }, { on })).resolves.toBe(42);
}

describe('SandboxPool: results', () => {
  it('returns JSON values, with the globals in scope', async () => {
    await expect(value('return { sum: input.a + input.b, list: [params.x, null, true] }', { input: { a: 1, b: 2 }, params: { x: 'y' } })).resolves.toEqual({
      sum: 3,
      list: ['y', null, true],
    });
    await expect(value('const doubled = n * 2;\nreturn String(doubled)', { n: 4 })).resolves.toBe('8');
  });

  it('awaits promises and turns "no return" into null', async () => {
    await expect(value('await null; return Promise.resolve([1, 2]).then((xs) => xs.map((x) => x * 10))')).resolves.toEqual([10, 20]);
    await expect(value('const wait = async () => "later"; return await wait()')).resolves.toBe('later');
    await expect(value('const x = 1;')).resolves.toBeNull();
  });

  it('passes data only as JSON: functions vanish, dates become strings', async () => {
    const input = { fn: () => 1, when: new Date('2024-01-02T03:04:05Z') };
    await expect(value('return [typeof input.fn, typeof input.when, input.when]', { input })).resolves.toEqual([
      'undefined',
      'string',
      '2024-01-02T03:04:05.000Z',
    ]);
  });

  it('sends console lines to onLog, formatted and bounded', async () => {
    const { result, lines } = run(`
      console.log('text', 1, { a: [2] }, null);
      console.info('info');
      console.warn('careful');
      console.error(new TypeError('bad'));
      console.log('x'.repeat(5000));
      return 'done';`);
    await expect(result).resolves.toBe('done');
    expect(lines.slice(0, 4)).toEqual(['text 1 {"a":[2]} null', 'info', '[warn] careful', '[error] TypeError: bad']);
    expect(lines[4]).toBe(`${'x'.repeat(2000)}…`);

    const flood = run('for (let i = 0; i < 5000; i++) console.log(i); return 1');
    await expect(flood.result).resolves.toBe(1);
    expect(flood.lines).toHaveLength(1001);
    expect(flood.lines[999]).toBe('999');
    expect(flood.lines[1000]).toMatch(/further console output dropped/);
  });

  it('keeps no state between calls on the same worker', async () => {
    await expect(value('globalThis.leak = 1; Object.prototype.polluted = true; return 1', {}, { on: single })).resolves.toBe(1);
    await expect(value('return [typeof leak, ({}).polluted ?? null]', {}, { on: single })).resolves.toEqual(['undefined', null]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('runs several calls at once, each with its own input and logs', async () => {
    const calls = Array.from({ length: 6 }, (_, i) =>
      run('let s = 0; for (let k = 0; k < 200000; k++) s += k % 3; console.log("call", i); return { i, s }', { i }),
    );
    const results = await Promise.all(calls.map((call) => call.result));
    expect(results).toEqual(Array.from({ length: 6 }, (_, i) => ({ i, s: 199999 })));
    expect(calls.map((call) => call.lines)).toEqual(Array.from({ length: 6 }, (_, i) => [`call ${i}`]));
  });
});

describe('SandboxPool: errors a user can act on', () => {
  it('reports the thrown message with its line', async () => {
    await expect(value('const a = 1;\n\nthrow new Error("boom");')).rejects.toThrow(/^boom \(line 3\)$/);
    await expect(value('\nreturn input.missing.deeper', { input: {} })).rejects.toThrow(/^TypeError: .*\(line 2\)$/);
    await expect(value('const x = ;')).rejects.toThrow(/^SyntaxError: .*\(line 1\)$/);
    await expect(value('await null; throw "plain words"')).rejects.toThrow(/^plain words$/);
  });

  it('refuses results that are not JSON-compatible', async () => {
    await expect(value('return () => 1')).rejects.toThrow(/^Code must return JSON-compatible data: a function/);
    await expect(value('const o = {}; o.self = o; return o')).rejects.toThrow(/^Code must return JSON-compatible data: .*circular/);
    await expect(value('return 10n')).rejects.toThrow(/^Code must return JSON-compatible data: /);
  });

  it('refuses a result over the output limit', async () => {
    await expect(value('return "x".repeat(9 * 1024 * 1024)')).rejects.toThrow(/^Code returned 9 MB of JSON; at most 8 MB is allowed$/);
  });

  it('says so when the returned promise can never settle', async () => {
    await expect(value('await new Promise(() => {})')).rejects.toThrow(/never settles/);
  });

  it('refuses input too large for the memory limit, before or while it is read', async () => {
    const small = new SandboxPool({ workers: 1, memoryMb: 16 });
    try {
      const huge = 'x'.repeat(9 * 1024 * 1024);
      await expect(value('return input.length', { input: huge }, { on: small })).rejects.toThrow(
        /^The input is too large for the code sandbox \(16 MB of memory\)$/,
      );
      const many = Array.from({ length: 300_000 }, (_, i) => ({ i }));
      await expect(value('return input.length', { input: many }, { on: small })).rejects.toThrow(/input is too large/);
      await expect(value('return input.length', { input: many.slice(0, 1000) }, { on: small })).resolves.toBe(1000);
    } finally {
      await small.close();
    }
  });

  it('refuses globals that cannot be variable names', async () => {
    await expect(value('return 1', { 'not a name': 1 })).rejects.toThrow('"not a name" cannot be a variable name in code');
    await expect(value('return 1', { class: 1 })).rejects.toThrow('"class" cannot be a variable name in code');
  });
});

describe('SandboxPool: no host access', () => {
  const escapes: [string, RegExp][] = [
    ["return this.constructor.constructor('return process')()", /process/],
    ["return (() => {}).constructor('return this')().process.env", /TypeError/],
    ["return require('fs')", /require/],
    ["return import('fs')", /could not load module 'fs'/],
    ["const fs = await import('node:fs'); return fs.readFileSync('/etc/passwd', 'utf8')", /could not load module 'node:fs'/],
    ["import fs from 'fs'; return 1", /SyntaxError/],
    ['return globalThis.process.env', /TypeError/],
    ['return fetch("http://127.0.0.1/")', /fetch/],
    ['return setTimeout(() => {}, 10)', /setTimeout/],
  ];

  it.each(escapes)('%s ends as an error', async (code, message) => {
    await expect(value(code)).rejects.toThrow(message);
    await expectStillWorks();
  });

  it('shows only ECMAScript built-ins and console to Function("return globalThis")()', async () => {
    const names = (await value('return Object.getOwnPropertyNames(Function("return globalThis")())')) as string[];
    const allowed = new Set(
      `Error EvalError RangeError ReferenceError SyntaxError TypeError URIError InternalError AggregateError Array Object
      Function Iterator parseInt parseFloat isNaN isFinite decodeURI decodeURIComponent encodeURI encodeURIComponent escape
      unescape Infinity NaN undefined eval Number Boolean String Math Reflect Symbol globalThis BigInt Date RegExp JSON Proxy
      Map Set WeakMap WeakSet ArrayBuffer SharedArrayBuffer Uint8ClampedArray Int8Array Uint8Array Int16Array Uint16Array
      Int32Array Uint32Array BigInt64Array BigUint64Array Float16Array Float32Array Float64Array DataView Promise WeakRef
      FinalizationRegistry console`.split(/\s+/),
    );
    expect(names).toContain('console');
    expect(names.filter((name) => !allowed.has(name))).toEqual([]);
    await expect(value('return [typeof process, typeof require, typeof module, typeof globalThis.process]')).resolves.toEqual([
      'undefined',
      'undefined',
      'undefined',
      'undefined',
    ]);
  });

  it('gives console methods that are sandbox functions, not host ones', async () => {
    await expect(value("return console.log.constructor('return typeof process')()")).resolves.toBe('undefined');
  });
});

describe('SandboxPool: limits', () => {
  it('stops an endless loop at the time limit, even one that catches', async () => {
    await expect(value('while (true) {}', {}, { timeoutMs: 200 })).rejects.toThrow(/^Code ran longer than 200 ms and was stopped$/);
    await expect(value('for (;;) { try { while (true) {} } catch {} }', {}, { timeoutMs: 200 })).rejects.toThrow(/200 ms/);
    await expect(value('for (;;) await null', {}, { timeoutMs: 200 })).rejects.toThrow(/200 ms/);
    await expectStillWorks();
  });

  it('caps the time a caller asks for at the configured maximum (1000 ms by default)', async () => {
    const started = Date.now();
    await expect(value('while (true) {}', {}, { on: single, timeoutMs: 60_000 })).rejects.toThrow(/^Code ran longer than 1000 ms and was stopped$/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops a memory bomb at the memory limit', async () => {
    await expect(value("const a = []; while (true) a.push('x'.repeat(1e6))")).rejects.toThrow(/^Code used more than 64 MB of memory and was stopped$/);
    await expectStillWorks();
    // Many small objects: QuickJS runs out of room even for the error object and throws null.
    await expect(value('const a = []; for (;;) a.push({ b: [1, 2, 3] })')).rejects.toThrow(/64 MB/);
    await expect(value('return new ArrayBuffer(200 * 1024 * 1024).byteLength')).rejects.toThrow(/64 MB/);
    await expectStillWorks();
  });

  it('stops runaway recursion at the stack limit', async () => {
    await expect(value('function f(n) { return f(n + 1) + 1 }\nreturn f(0)')).rejects.toThrow(/^Code went too deep/);
    // Deep nesting in the parser, in JSON.parse and in getters: each must stop cleanly too.
    await expect(value('return eval("[".repeat(100000) + "]".repeat(100000))')).rejects.toThrow(/too deep/);
    await expect(value('return JSON.parse("[".repeat(100000) + "]".repeat(100000))')).rejects.toThrow(/too deep/);
    await expect(value('const o = { get x() { return this.x } }; return o.x')).rejects.toThrow(/too deep/);
    await expectStillWorks();
  });

  it('does not block the server while code runs', async () => {
    let ticks = 0;
    const interval = setInterval(() => {
      ticks += 1;
    }, 20);
    try {
      await expect(value('while (true) {}', {}, { timeoutMs: 600 })).rejects.toThrow(/600 ms/);
    } finally {
      clearInterval(interval);
    }
    // Blocked, the interval could not have fired at all before the call ended.
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('stops a worker that stays silent past its grace period and replaces it', async () => {
    const strict = new SandboxPool({ workers: 1, graceMs: 50 });
    try {
      await expectStillWorks(strict);
      // Long builtin calls with no loop between them: QuickJS would only check its deadline
      // after all of them (over a second), so only the watchdog can stop this in time.
      const code = `let n = 0;\n${'n += "x".repeat(3e7).length;\n'.repeat(8)}return n`;
      const started = Date.now();
      await expect(value(code, {}, { on: strict, timeoutMs: 10 })).rejects.toThrow(/^Code ran longer than 10 ms and was stopped$/);
      expect(Date.now() - started).toBeLessThan(1000);
      await expectStillWorks(strict);
    } finally {
      await strict.close();
    }
  });
});

describe('SandboxPool: cancelling and shutting down', () => {
  it('cancels running code when the signal aborts', async () => {
    const cancellable = new SandboxPool({ workers: 1, maxTimeoutMs: 5000 });
    try {
      const controller = new AbortController();
      const started = Date.now();
      const call = value('while (true) {}', {}, { on: cancellable, signal: controller.signal, timeoutMs: 5000 });
      setTimeout(() => controller.abort(), 100);
      await expect(call).rejects.toThrow(/^Cancelled$/);
      // The only worker was busy for 5 s unless the cancel really stopped it.
      await expectStillWorks(cancellable);
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      await cancellable.close();
    }
  });

  it('never starts a call whose signal is already aborted, or that is cancelled while waiting', async () => {
    const aborted = run('console.log("ran"); return 1', {}, { signal: AbortSignal.abort() });
    await expect(aborted.result).rejects.toThrow('Cancelled');
    expect(aborted.lines).toEqual([]);

    const busy = value('while (true) {}', {}, { on: single, timeoutMs: 300 });
    const controller = new AbortController();
    const waiting = run('console.log("ran"); return 1', {}, { on: single, signal: controller.signal });
    controller.abort();
    await expect(waiting.result).rejects.toThrow('Cancelled');
    await expect(busy).rejects.toThrow(/300 ms/);
    expect(waiting.lines).toEqual([]);
    await expectStillWorks(single);
  });

  it('fails running and later calls once closed', async () => {
    const closing = new SandboxPool({ workers: 1 });
    await expect(value('return 1', {}, { on: closing })).resolves.toBe(1);
    const running = expect(value('while (true) {}', {}, { on: closing })).rejects.toThrow('The code sandbox is shut down');
    await closing.close();
    await running;
    await expect(value('return 1', {}, { on: closing })).rejects.toThrow('The code sandbox is shut down');
  });
});

describe('SandboxPool: sharing between users (issue 9, abuse 2)', () => {
  it("serves waiting calls round-robin between owners, so one user's pile does not hold another's back", async () => {
    const fair = new SandboxPool({ workers: 1, maxTimeoutMs: 5000 });
    try {
      const finished: string[] = [];
      const call = (name: string, owner: string) =>
        fair
          .runFunctionBody(
            'const t = Date.now(); while (Date.now() - t < 60) {} return name',
            { name },
            { signal: new AbortController().signal, onLog: () => {}, owner },
          )
          .then((result) => finished.push(result as string));
      // Alice queues four, then Bob one: Bob's goes right after Alice's first, not after all four.
      const calls = [call('a1', 'alice'), call('a2', 'alice'), call('a3', 'alice'), call('a4', 'alice'), call('b1', 'bob')];
      await Promise.all(calls);
      expect(finished).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
    } finally {
      await fair.close();
    }
  });
});

describe('SandboxPool: a share of the workers per user (issue 19)', () => {
  it("keeps a worker free of one user's endless scripts for another user's call", async () => {
    // Two workers, one per user: Alice's first script holds one and never ends by itself.
    const shared = new SandboxPool({ workers: 2, workersPerOwner: 1, maxTimeoutMs: 600_000 });
    try {
      const bobs = () => shared.runFunctionBody('return "b1"', {}, { signal: new AbortController().signal, onLog: () => {}, owner: 'bob' });
      // Both workers up and idle, and Bob served once already: Alice's scripts arrive to free workers.
      shared.warmUp();
      await bobs();
      await bobs();
      const started: string[] = [];
      const aliceCall = (name: string) => {
        const controller = new AbortController();
        const result = shared
          .runFunctionBody('console.log(name); while (true) {}', { name }, { signal: controller.signal, onLog: (line) => started.push(line), owner: 'alice' })
          .catch((error: Error) => error.message);
        return { controller, result };
      };
      const a1 = aliceCall('a1');
      await expect.poll(() => started).toEqual(['a1']);
      const a2 = aliceCall('a2');
      const bob = await bobs();
      // Bob's ran beside Alice's first, which is still going; her second waits for her own worker.
      expect(bob).toBe('b1');
      expect(started).toEqual(['a1']);

      a1.controller.abort();
      await expect(a1.result).resolves.toMatch(/cancel/i);
      await expect.poll(() => started).toEqual(['a1', 'a2']);
      a2.controller.abort();
      await expect(a2.result).resolves.toMatch(/cancel/i);
    } finally {
      await shared.close();
    }
  });
});
