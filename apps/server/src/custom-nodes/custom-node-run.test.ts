import { customNodeDefinition, customNodeInputSchema, type NodeRunContext, type NodeRunResult } from '@weft/core';
import type { NodeServices } from '@weft/nodes';
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxPool } from '../sandbox/sandbox-pool.js';
import { wordCountBody } from '../test-support/custom-node-fixtures.js';
import { customNodeType } from './custom-node-executor.js';

/** The real sandbox: custom nodes run exactly as they will in a workflow run. */
const sandbox = new SandboxPool({ workers: 1 });
afterAll(() => sandbox.close());

const unused = () => {
  throw new Error('not used by custom nodes');
};

function context(signal = new AbortController().signal) {
  const logs: string[] = [];
  const services: NodeServices = {
    sandbox,
    params: { lang: 'en' },
    llm: { chat: unused },
    http: { request: unused },
    files: { read: unused },
    documents: { parse: unused, split: unused, readFeed: unused },
    embeddings: { embed: unused },
    vectors: { collection: unused, store: unused, query: unused },
    mail: { send: unused },
    mcp: { listTools: unused, callTool: unused },
    workflows: { describe: unused, call: unused },
    recordUsage: unused,
  };
  const ctx: NodeRunContext<NodeServices> = {
    runId: 'run-1',
    nodeId: 'count',
    attempt: 1,
    signal,
    services,
    runInput: undefined,
    log: (message) => logs.push(message),
    emitToken: unused,
  };
  return { ctx, logs };
}

/** A custom node type from an API body, as the service builds it. */
function nodeFrom(body: Record<string, unknown>) {
  const input = customNodeInputSchema.parse(body);
  return customNodeType(customNodeDefinition('custom.test', 1, input), input.code);
}

async function run(body: Record<string, unknown>, inputs: Record<string, unknown>, config: Record<string, unknown> = {}, signal?: AbortSignal) {
  const { ctx, logs } = context(signal);
  const node = nodeFrom(body);
  const result = (await node.run?.({ inputs, config, ctx })) as NodeRunResult;
  return { outputs: result.outputs, logs };
}

describe('custom node types in the sandbox', () => {
  it('gets inputs by port id, config and params, and sends console lines to the node log', async () => {
    const body = wordCountBody({
      code: 'console.log("lang", params.lang);\nconst words = inputs.text.split(/\\s+/).filter((w) => w.length >= config.minLength);\nreturn { count: words.length };',
    });
    const { outputs, logs } = await run(body, { text: 'a bb ccc dddd' }, { minLength: 2 });
    expect(outputs).toEqual({ count: 3 });
    expect(logs).toEqual(['lang en']);
  });

  it('takes any value as the only output, and routes several outputs by key', async () => {
    expect((await run(wordCountBody({ code: 'return inputs.text.length' }), { text: 'four' })).outputs).toEqual({ count: 4 });
    const router = wordCountBody({
      outputs: [
        { id: 'long', label: 'Long', type: 'text' },
        { id: 'short', label: 'Short', type: 'text' },
      ],
      code: 'return inputs.text.length > 3 ? { long: inputs.text } : { short: inputs.text };',
    });
    expect((await run(router, { text: 'hi' })).outputs).toEqual({ short: 'hi' });
    expect((await run(router, { text: 'hello' })).outputs).toEqual({ long: 'hello' });
  });

  it('fails the node with the code’s own error, or with a message naming the outputs', async () => {
    await expect(run(wordCountBody({ code: 'throw new Error("no words here")' }), { text: '' })).rejects.toThrow(/^no words here \(line 1\)$/);
    const twoOutputs = wordCountBody({
      outputs: [
        { id: 'a', label: 'A', type: 'text' },
        { id: 'b', label: 'B', type: 'text' },
      ],
      code: 'return "neither"',
    });
    await expect(run(twoOutputs, { text: '' })).rejects.toThrow('The code must return an object keyed by output id (a, b), but it returned a string.');
  });

  it('cannot reach the host', async () => {
    const probe = wordCountBody({ code: 'return [typeof process, typeof require, typeof inputs.constructor.constructor("return this")().process]' });
    expect((await run(probe, { text: '' })).outputs).toEqual({ count: ['undefined', 'undefined', 'undefined'] });
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    const pending = run(wordCountBody({ code: 'while (true) {}' }), { text: '' }, {}, controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow('Cancelled');
  });
});
