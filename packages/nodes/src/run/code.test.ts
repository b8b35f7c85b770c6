import { describe, expect, it } from 'vitest';
import { codeNode } from '../code.node.js';
import type { SandboxService } from '../services/sandbox-service.js';
import { nodeHarness } from './node-test-kit.js';

/**
 * Stands in for the QuickJS sandbox at the boundary: records what it was asked to run
 * and answers as `answer` says. The sandbox itself is tested with real QuickJS in the server.
 */
function fakeSandbox(answer: (code: string, globals: Readonly<Record<string, unknown>>, onLog: (line: string) => void) => unknown) {
  const calls: { code: string; globals: Readonly<Record<string, unknown>>; timeoutMs: number | undefined; signal: AbortSignal }[] = [];
  const sandbox: SandboxService = {
    async runFunctionBody(code, globals, options) {
      calls.push({ code, globals, timeoutMs: options.timeoutMs, signal: options.signal });
      return answer(code, globals, options.onLog);
    },
  };
  return { sandbox, calls };
}

describe('Code run', () => {
  it('runs the code with input and params, emits its result and logs its console lines', async () => {
    const { sandbox, calls } = fakeSandbox((_code, globals, onLog) => {
      onLog('counting');
      return { length: String(globals.input).length };
    });
    const node = nodeHarness(codeNode, { sandbox, params: { limit: 3 } });
    const controller = new AbortController();
    const result = await node.run({
      inputs: { input: 'hello' },
      config: { code: 'return { length: input.length };', timeoutMs: 250 },
      signal: controller.signal,
    });
    expect(result).toEqual({ outputs: { output: { length: 5 } } });
    expect(calls).toEqual([
      { code: 'return { length: input.length };', globals: { input: 'hello', params: { limit: 3 } }, timeoutMs: 250, signal: controller.signal },
    ]);
    expect(node.logs).toEqual([{ level: 'info', message: 'counting' }]);
  });

  it('gives the code null for an unconnected input and emits null for no return', async () => {
    const { sandbox, calls } = fakeSandbox(() => undefined);
    const result = await nodeHarness(codeNode, { sandbox }).run({ config: { code: 'console.log(input);' } });
    expect(result).toEqual({ outputs: { output: null } });
    expect(calls[0]?.globals).toEqual({ input: null, params: {} });
    expect(calls[0]?.timeoutMs).toBe(1000);
  });

  it('fails the node with the sandbox error', async () => {
    const { sandbox } = fakeSandbox(() => {
      throw new Error('ReferenceError: process is not defined');
    });
    await expect(nodeHarness(codeNode, { sandbox }).run({ config: { code: 'return process.env;' } })).rejects.toThrow('ReferenceError: process is not defined');
  });

  it('refuses empty code before calling the sandbox', async () => {
    const { sandbox, calls } = fakeSandbox(() => 1);
    await expect(nodeHarness(codeNode, { sandbox }).run({ config: { code: '  \n' } })).rejects.toThrow(
      'The Code node has no code: write a function body that returns a value',
    );
    expect(calls).toEqual([]);
  });
});
