import { emptyNodeResult, type RunEvent } from '@weft/core';
import { describe, expect, it } from 'vitest';
import type { ExecutionDetail, ExecutionSummary } from '../../api/executions';
import { foldEvents, historyView, isActive, liveView, parseEventMessage, type SequencedEvent } from './run-view';

const summary: ExecutionSummary = {
  id: 'ex1',
  workflowId: 'w1',
  workflowName: 'Flow',
  workflowVersion: 3,
  trigger: 'manual',
  status: 'queued',
  error: null,
  createdAt: '2025-01-02T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  durationMs: null,
};

const runId = 'ex1';
const events: RunEvent[] = [
  { type: 'run:started', runId, at: 1000, nodeIds: ['a', 'b'] },
  { type: 'node:started', runId, at: 1001, nodeId: 'a', attempt: 1, inputs: {} },
  { type: 'node:token', runId, at: 1002, nodeId: 'a', text: 'Hel' },
  { type: 'node:token', runId, at: 1003, nodeId: 'a', text: 'lo' },
  { type: 'node:finished', runId, at: 1010, nodeId: 'a', outputs: { output: 'Hello' }, durationMs: 9 },
  { type: 'node:skipped', runId, at: 1011, nodeId: 'b', reason: 'Not reached' },
  { type: 'run:finished', runId, at: 1012, status: 'success', outputs: { a: 'Hello' } },
];
const sequenced: SequencedEvent[] = events.map((event, index) => ({ seq: index + 1, event }));

describe('foldEvents', () => {
  it('follows a resumed run whose stream numbers on from fewer stored events than it saw', () => {
    const waited: SequencedEvent[] = [
      { seq: 1, event: { type: 'run:started', runId, at: 1000, nodeIds: ['a'] } },
      { seq: 2, event: { type: 'node:started', runId, at: 1001, nodeId: 'a', attempt: 1, inputs: {} } },
      { seq: 3, event: { type: 'node:waiting', runId, at: 1002, nodeId: 'a', reason: 'Waits for approval' } },
      { seq: 4, event: { type: 'run:finished', runId, at: 1003, status: 'waiting', outputs: {} } },
    ];
    const before = foldEvents(liveView(summary, {}), waited);
    // The server restored three stored events: the resume is number 4 again, then 5, 6.
    const after = foldEvents(before, [
      { seq: 4, event: { type: 'run:resumed', runId, at: 2000, reason: 'Run resumed: refund approved by Ada' } },
      { seq: 5, event: { type: 'node:finished', runId, at: 2001, nodeId: 'a', outputs: { output: 'done' }, durationMs: 1 } },
      { seq: 6, event: { type: 'run:finished', runId, at: 2002, status: 'success', outputs: { a: 'done' } } },
    ]);
    expect(after.log.entries.map((entry) => entry.message)).toContain('Run resumed: refund approved by Ada');
    expect(after.run.status).toBe('success');
    expect(after.lastSeq).toBe(6);
  });

  it('folds events into node statuses, outputs, streamed text and log lines', () => {
    const view = foldEvents(liveView(summary, {}), sequenced);
    expect(view.run.status).toBe('success');
    expect(view.run.nodes.a).toMatchObject({ status: 'success', streamed: 'Hello', outputs: { output: 'Hello' } });
    expect(view.run.nodes.b?.status).toBe('skipped');
    expect(view.durations).toEqual({ a: 9 });
    expect(view.lastSeq).toBe(7);
    expect(isActive(view)).toBe(false);
  });

  it('skips events at or below the last sequence number (a reconnect that resends them)', () => {
    const once = foldEvents(liveView(summary, {}), sequenced.slice(0, 4));
    // The browser reconnects and the server replays from the start: 1–4 again, then 5–7.
    const twice = foldEvents(once, sequenced);
    const straight = foldEvents(liveView(summary, {}), sequenced);
    expect(twice.log.entries).toEqual(straight.log.entries);
    expect(twice.run.nodes.a?.streamed).toBe('Hello');
    expect(twice.log.entries.filter((e) => e.streaming).map((e) => e.message)).toEqual(['Hello']);
  });

  it('answers the same view when a whole batch is repeats, so nothing re-renders', () => {
    const view = foldEvents(liveView(summary, {}), sequenced);
    expect(foldEvents(view, sequenced.slice(2, 5))).toBe(view);
  });

  it('applies events without a sequence number rather than dropping them', () => {
    const view = foldEvents(liveView(summary, {}), [{ seq: null, event: events[0] as RunEvent }]);
    expect(view.run.status).toBe('running');
    expect(view.lastSeq).toBe(0);
  });

  it('takes the run id from the first event and then ignores other runs', () => {
    const other = 'engine-run-9';
    const started: SequencedEvent = { seq: 1, event: { type: 'run:started', runId: other, at: 5, nodeIds: ['a'] } };
    const stray: SequencedEvent = { seq: 2, event: { type: 'node:started', runId: 'someone-else', at: 6, nodeId: 'a', attempt: 1, inputs: {} } };
    const view = foldEvents(liveView(summary, {}), [started, stray]);
    expect(view.run.runId).toBe(other);
    expect(view.run.nodes.a?.status).toBe('idle');
  });
});

describe('parseEventMessage', () => {
  it('reads the sequence number from the id and the event from the data', () => {
    expect(parseEventMessage('12', JSON.stringify(events[0]))).toEqual({ seq: 12, event: events[0] });
    expect(parseEventMessage('', JSON.stringify(events[0]))?.seq).toBeNull();
  });

  it('leaves out messages that are not run events', () => {
    expect(parseEventMessage('1', 'not json')).toBeNull();
    expect(parseEventMessage('1', '"text"')).toBeNull();
    expect(parseEventMessage('1', '{"type":"ping"}')).toBeNull();
  });
});

describe('historyView', () => {
  const detail: ExecutionDetail = {
    ...summary,
    status: 'error',
    error: 'b: boom',
    startedAt: '2025-01-02T10:00:01.000Z',
    finishedAt: '2025-01-02T10:00:02.000Z',
    durationMs: 1000,
    inputs: { a: 'typed' },
    outputs: {},
    usage: null,
    // Each node as the server stores it: the fields a node that never ran has, then what this one did.
    nodes: {
      a: {
        ...emptyNodeResult(),
        status: 'success',
        attempts: 1,
        startedAt: '2025-01-02T10:00:01.000Z',
        finishedAt: '2025-01-02T10:00:01.100Z',
        durationMs: 100,
        inputs: {},
        outputs: { output: 'typed' },
      },
      b: {
        ...emptyNodeResult(),
        status: 'error',
        attempts: 3,
        durationMs: 700,
        inputs: { input: 'typed' },
        error: 'boom',
        // An Agent's stored steps reach the inspector as a live run's do.
        steps: [{ index: 1, kind: 'model', name: 'm', startedAt: 1, durationMs: 2, status: 'error', error: 'boom' }],
      },
      // A status this web app does not know (a newer server) must not break the view.
      c: { ...emptyNodeResult(), status: 'weird' as never },
    },
  };

  it('reads a stored execution like a finished live run', () => {
    const view = historyView(detail);
    expect(view.source).toBe('history');
    expect(view.run.status).toBe('error');
    expect(view.run.nodes.a).toMatchObject({ status: 'success', outputs: { output: 'typed' }, startedAt: Date.parse('2025-01-02T10:00:01.000Z') });
    expect(view.run.nodes.b).toMatchObject({ status: 'error', attempts: 3, error: 'boom', steps: [{ index: 1, kind: 'model' }] });
    expect(view.run.nodes.a?.steps).toBeUndefined();
    expect(view.run.nodes.c?.status).toBe('idle');
    expect(view.durations).toEqual({ a: 100, b: 700 });
    expect(view.inputs).toEqual({ a: 'typed' });
    expect(view.summary).not.toHaveProperty('nodes');
    expect(isActive(view)).toBe(false);
  });
});
