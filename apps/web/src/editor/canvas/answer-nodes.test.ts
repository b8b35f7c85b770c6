import type { NodeRunState } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { answerNodeIds } from './answer-nodes';

const node = (id: string, type = 'llm.chat') => ({ id, data: { type } });
const state = (status: NodeRunState['status']): NodeRunState => ({ status, attempts: 1 });

describe('the nodes that carry a run’s result', () => {
  //   input ─▶ llm ─▶ out        post (fed by llm, feeds nothing)
  const nodes = [node('input', 'input.text'), node('llm'), node('out', 'output'), node('post', 'slack.message')];
  const edges = [
    { source: 'input', target: 'llm' },
    { source: 'llm', target: 'out' },
    { source: 'llm', target: 'post' },
  ];

  it('are the Output nodes the run reached', () => {
    expect(answerNodeIds(nodes, edges, { input: state('success'), llm: state('success'), out: state('success'), post: state('success') })).toEqual(['out']);
  });

  it('are the last steps when there is no Output', () => {
    const noOutput = nodes.filter((n) => n.id !== 'out');
    expect(answerNodeIds(noOutput, edges, { input: state('success'), llm: state('success'), post: state('success') })).toEqual(['post']);
  });

  it('are the failed nodes when the run failed', () => {
    expect(answerNodeIds(nodes, edges, { input: state('success'), llm: state('error'), out: state('skipped'), post: state('skipped') })).toEqual(['llm']);
  });

  it('are where the run stopped when what follows was skipped (a condition that sent nothing on)', () => {
    expect(answerNodeIds(nodes, edges, { input: state('success'), llm: state('success'), post: state('skipped') })).toEqual(['llm']);
  });
});
