import type { RunEvent } from '@weft/core';
import { describe, expect, it } from 'vitest';
import type { ExecutionDetail } from '../../api/executions';
import type { SequencedEvent } from '../run/run-view';
import type { ChatTarget } from './chat-eligibility';
import { type AssistantMessage, answerText, foldReply, INTERRUPTED, interruptPending, isPending, NO_ANSWER, settleReply } from './chat-reply';

const target: ChatTarget = { inputNodeId: 'in', outputNodeId: 'out', answerSourceId: 'llm' };
const runId = 'ex1';
const waiting: AssistantMessage = { id: 'r1', role: 'assistant', status: 'waiting', text: '', error: null, executionId: runId, lastSeq: 0, at: 1 };

/** Numbers the events 1, 2, 3… as the server's stream does. */
function stream(events: RunEvent[], from = 1): SequencedEvent[] {
  return events.map((event, i) => ({ seq: from + i, event }));
}
const token = (nodeId: string, text: string): RunEvent => ({ type: 'node:token', runId, at: 2, nodeId, text });
const finished = (status: 'success' | 'error' | 'cancelled', outputs: Record<string, unknown> = {}, error?: string): RunEvent => ({
  type: 'run:finished',
  runId,
  at: 9,
  status,
  outputs,
  ...(error ? { error } : {}),
});

describe('chat replies from run events', () => {
  it('grows with the tokens of the node feeding the Output, then takes the Output value', () => {
    const first = foldReply(waiting, stream([token('llm', 'The Eiffel'), token('other', 'ignored'), token('llm', ' Tower')]), target);
    expect(first).toMatchObject({ status: 'streaming', text: 'The Eiffel Tower', lastSeq: 3 });
    expect(isPending(first)).toBe(true);
    const done = foldReply(first, stream([finished('success', { out: 'The Eiffel Tower is in Paris.' })], 4), target);
    expect(done).toMatchObject({ status: 'done', text: 'The Eiffel Tower is in Paris.', error: null });
    expect(isPending(done)).toBe(false);
  });

  it('skips events seen before (a reconnect replays them) and ignores anything after the end', () => {
    const once = foldReply(waiting, stream([token('llm', 'Hi')]), target);
    expect(foldReply(once, stream([token('llm', 'Hi')]), target)).toBe(once);
    const done = foldReply(once, stream([token('llm', ' there'), finished('success', { out: 'Hi there' })], 2), target);
    expect(foldReply(done, stream([token('llm', '!')], 4), target)).toMatchObject({ text: 'Hi there', status: 'done' });
  });

  it('starts the text again when the streaming node retries', () => {
    const retry: RunEvent = { type: 'node:retrying', runId, at: 3, nodeId: 'llm', attempt: 1, error: 'rate limited', delayMs: 100 };
    const folded = foldReply(waiting, stream([token('llm', 'Half an ans'), retry]), target);
    expect(folded).toMatchObject({ status: 'waiting', text: '' });
  });

  it('ends with the run error, keeping what had streamed', () => {
    const failed = foldReply(waiting, stream([token('llm', 'Part'), finished('error', {}, 'LLM Chat: The API key was refused (401).')]), target);
    expect(failed).toMatchObject({ status: 'error', text: 'Part', error: 'LLM Chat: The API key was refused (401).' });
  });

  it('says when the run succeeded without reaching the Output, and when it was stopped', () => {
    expect(foldReply(waiting, stream([finished('success', {})]), target)).toMatchObject({ status: 'error', error: NO_ANSWER });
    expect(foldReply(waiting, stream([finished('cancelled', {}, 'Run cancelled')]), target)).toMatchObject({ status: 'cancelled' });
  });

  it('shows a non-text answer as JSON', () => {
    expect(answerText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(answerText('plain')).toBe('plain');
    expect(answerText(null)).toBe('');
  });

  it('settles from the stored execution when the stream broke, but not while it still runs', () => {
    const detail = { status: 'success', error: null, outputs: { out: 'Stored answer' } } as unknown as ExecutionDetail;
    expect(settleReply(waiting, detail, target)).toMatchObject({ status: 'done', text: 'Stored answer' });
    const running = { ...detail, status: 'running' } as ExecutionDetail;
    expect(settleReply(waiting, running, target)).toBe(waiting);
  });

  it('marks replies left pending by a closed page as interrupted, and leaves the rest', () => {
    const done: AssistantMessage = { ...waiting, id: 'r0', status: 'done', text: 'Old' };
    const user = { id: 'u1', role: 'user' as const, text: 'Hello', at: 1 };
    expect(interruptPending([done, user, waiting])).toEqual([done, user, { ...waiting, status: 'error', error: INTERRUPTED }]);
  });
});
