import { type ExecutionEdge, type ExecutionNode, executeWorkflow, type RunEvent } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { BUILTIN_NODES } from './catalogue.js';
import { isOptionalInput, isOutputNode, nodeExecutorFor } from './node-execution.js';
import type { NodeServices } from './node-services.js';
import { testServices } from './run/node-test-kit.js';

/** Small graphs of real built-in nodes through the real engine, wired as the server wires it. */

function node(id: string, type: string, config: Record<string, unknown> = {}): ExecutionNode {
  return { id, type, config };
}

function edge(from: string, to: string): ExecutionEdge {
  const [source = '', sourceHandle = ''] = from.split('.');
  const [target = '', targetHandle = ''] = to.split('.');
  return { id: `${from}->${to}`, source, sourceHandle, target, targetHandle };
}

async function run(nodes: ExecutionNode[], edges: ExecutionEdge[], extra: { runInputs?: Record<string, unknown>; services?: NodeServices } = {}) {
  const events: RunEvent[] = [];
  let clock = 0;
  const result = await executeWorkflow<NodeServices>({
    runId: 'run-1',
    nodes,
    edges,
    executorFor: nodeExecutorFor(),
    isOptionalInput: isOptionalInput(),
    isOutputNode,
    services: extra.services ?? testServices({ params: { customer: 'Acme' } }),
    ...(extra.runInputs ? { runInputs: extra.runInputs } : {}),
    now: () => clock++,
    schedule: (ms, callback) => {
      const timer = setTimeout(callback, ms);
      return () => clearTimeout(timer);
    },
    onEvent: (event) => events.push(event),
  });
  const status = (id: string) => events.filter((e) => 'nodeId' in e && e.nodeId === id && e.type !== 'node:log').at(-1)?.type;
  return { result, events, status };
}

//   question ─► prompt ─► urgent? ─true──► escalate
//                                  └false─► reply ─► answer
const routing = {
  nodes: [
    node('question', 'input.text', { text: 'Where is my parcel?', askOnRun: true }),
    node('prompt', 'text.template', { template: '{{params.customer}} asks: {{input}}', onMissing: 'error' }),
    node('urgent', 'logic.condition', { field: '', operator: 'contains', value: 'urgent', caseSensitive: false }),
    node('escalate', 'output', { format: 'text' }),
    node('reply', 'text.template', { template: 'Re: {{input}}' }),
    node('answer', 'output', { format: 'markdown' }),
  ],
  edges: [
    edge('question.output', 'prompt.input'),
    edge('prompt.output', 'urgent.input'),
    edge('urgent.true', 'escalate.input'),
    edge('urgent.false', 'reply.input'),
    edge('reply.output', 'answer.input'),
  ],
};

describe('built-in nodes through the engine', () => {
  it('Text Input → Template → Condition → Output: takes the false branch and skips the other', async () => {
    const { result, status } = await run(routing.nodes, routing.edges);
    expect(result).toEqual({ status: 'success', outputs: { answer: 'Re: Acme asks: Where is my parcel?' } });
    expect(status('escalate')).toBe('node:skipped');
    expect(status('answer')).toBe('node:finished');
  });

  it('takes the true branch for a run input that passes the test', async () => {
    const { result, status } = await run(routing.nodes, routing.edges, { runInputs: { question: 'URGENT: refund' } });
    expect(result).toEqual({ status: 'success', outputs: { escalate: 'Acme asks: URGENT: refund' } });
    expect(status('reply')).toBe('node:skipped');
    expect(status('answer')).toBe('node:skipped');
  });

  it('fails the run with the node error, naming the node', async () => {
    const nodes = routing.nodes.map((n) => (n.id === 'prompt' ? node('prompt', 'text.template', { template: 'Hi {{params.nobody}}' }) : n));
    const { result, events } = await run(nodes, routing.edges);
    expect(result.status).toBe('error');
    expect(result.error).toBe('prompt: Nothing to fill {{params.nobody}} in the template: the workflow has no parameter "nobody"');
    expect(events.find((e) => e.type === 'node:failed')).toMatchObject({ nodeId: 'prompt' });
  });

  it('runs a merger after a condition with the one branch taken', async () => {
    //   value ─► big? ─true──► yes ─┐
    //                 └false─► no ──┴► merge ─► out
    const nodes = [
      node('value', 'input.text', { text: '{"n": 5}' }),
      node('big', 'logic.condition', { field: 'n', operator: 'greaterThan', value: '3' }),
      node('yes', 'text.template', { template: 'big' }),
      node('no', 'text.template', { template: 'small' }),
      node('merge', 'merge', { dataType: 'text', mergeStrategy: 'concat', inputCount: 2 }),
      node('out', 'output'),
    ];
    const edges = [
      edge('value.output', 'big.input'),
      edge('big.true', 'yes.input'),
      edge('big.false', 'no.input'),
      edge('yes.output', 'merge.input-0'),
      edge('no.output', 'merge.input-1'),
      edge('merge.output', 'out.input'),
    ];
    const { result, status } = await run(nodes, edges);
    expect(result).toEqual({ status: 'success', outputs: { out: 'big' } });
    expect(status('no')).toBe('node:skipped');
  });

  it('gives every non-preview built-in an executor and refuses preview ones', () => {
    const executorFor = nodeExecutorFor();
    for (const type of BUILTIN_NODES) expect(executorFor(type.type) !== undefined, type.type).toBe(!type.preview);
    expect(executorFor('no.such.type')).toBeUndefined();
  });

  it('treats optional ports and merger inputs as optional, others not', () => {
    const optional = isOptionalInput();
    expect(optional(node('t', 'text.template'), 'input')).toBe(true);
    expect(optional(node('c', 'logic.condition'), 'input')).toBe(false);
    expect(optional(node('m', 'merge', { inputCount: 5 }), 'input-4')).toBe(true);
    expect(optional(node('x', 'no.such.type'), 'input')).toBe(false);
  });
});
