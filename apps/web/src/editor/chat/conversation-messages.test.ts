import type { NodeStep, RunEvent } from '@weft/core';
import { describe, expect, it } from 'vitest';
import type { ConversationTurn } from '../../api/useConversations';
import type { ChatTarget } from './chat-eligibility';
import { type AssistantMessage, foldReply } from './chat-reply';
import { conversationMessages } from './conversation-messages';

const ids = () => {
  let n = 0;
  return () => `m${++n}`;
};

describe('conversationMessages', () => {
  it('shows each remembered turn as the task and its answer, the tool calls between paired with their results', () => {
    const turns: ConversationTurn[] = [
      {
        nodeId: 'agent',
        seq: 1,
        at: '2026-11-28T08:00:00.000Z',
        messages: [
          { role: 'user', text: 'track A42' },
          {
            role: 'assistant',
            text: '',
            toolCalls: [
              { id: 'c1', name: 'tracker', arguments: { orderId: 'A42' } },
              { id: 'c2', name: 'vat', arguments: {} },
            ],
          },
          {
            role: 'tool',
            results: [
              { callId: 'c2', name: 'vat', output: 'no amount', isError: true },
              { callId: 'c1', name: 'tracker', output: '{"trackingId":"TRK-A42"}' },
            ],
          },
          { role: 'assistant', text: 'Order A42 is on its way.', toolCalls: [] },
        ],
      },
      {
        nodeId: 'agent',
        seq: 2,
        at: '2026-11-28T08:01:00.000Z',
        messages: [
          { role: 'user', text: 'thanks' },
          { role: 'assistant', text: 'You are welcome.', toolCalls: [] },
        ],
      },
    ];
    const messages = conversationMessages(turns, ids());
    expect(messages.map((m) => [m.role, m.role === 'user' ? m.text : m.text])).toEqual([
      ['user', 'track A42'],
      ['assistant', 'Order A42 is on its way.'],
      ['user', 'thanks'],
      ['assistant', 'You are welcome.'],
    ]);
    expect((messages[1] as AssistantMessage).tools).toEqual([
      { id: 'c1', name: 'tracker', args: { orderId: 'A42' }, status: 'success', result: '{"trackingId":"TRK-A42"}' },
      { id: 'c2', name: 'vat', args: {}, status: 'error', result: 'no amount' },
    ]);
    expect(messages[1]).toMatchObject({ status: 'done', at: Date.parse('2026-11-28T08:00:00.000Z') });
    expect((messages[3] as AssistantMessage).tools).toBeUndefined();
    expect(new Set(messages.map((m) => m.id)).size).toBe(4);
  });
});

describe('a reply folds the tool calls of the run', () => {
  const target: ChatTarget = { inputNodeId: 'in', outputNodeId: 'out', answerSourceId: 'agent' };
  const waiting: AssistantMessage = { id: 'r1', role: 'assistant', status: 'waiting', text: '', error: null, executionId: 'ex1', lastSeq: 0, at: 1 };
  const step = (seq: number, s: Partial<NodeStep>) => ({
    seq,
    event: {
      type: 'node:step',
      runId: 'ex1',
      at: 2,
      nodeId: 'agent',
      step: { index: seq, kind: 'tool', name: 'tracker', startedAt: 1, durationMs: 3, status: 'success', callId: `c${seq}`, ...s },
    } as RunEvent,
  });

  it('adds a line per tool step (not model steps), with its arguments and its result or error', () => {
    const reply = foldReply(
      waiting,
      [step(1, { kind: 'model', name: 'm' }), step(2, { input: { orderId: 'A42' }, output: { id: 'TRK' } }), step(3, { status: 'error', error: 'HTTP 500' })],
      target,
    );
    expect(reply.tools).toEqual([
      { id: 'c2', name: 'tracker', args: { orderId: 'A42' }, status: 'success', result: '{"id":"TRK"}' },
      { id: 'c3', name: 'tracker', status: 'error', result: 'HTTP 500', args: undefined },
    ]);
    expect(reply.status).toBe('waiting');
  });

  it('keeps one line for a call held for approval and its end (same call id)', () => {
    const held = foldReply(waiting, [step(1, { status: 'waiting' as never, callId: 'x' })], target);
    expect(held.tools?.map((t) => t.status)).toEqual(['waiting']);
    const ended = foldReply(held, [step(2, { callId: 'x', output: 'done' })], target);
    expect(ended.tools).toEqual([{ id: 'x', name: 'tracker', args: undefined, status: 'success', result: 'done' }]);
  });
});
