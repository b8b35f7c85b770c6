import type { RunEvent } from '@weft/core';
import { describe, expect, it } from 'vitest';
import type { ExecutionDetail, ExecutionNodeDetail } from '../../api/executions';
import { logText } from '../panels/log-format';
import { appendEvent, EMPTY_RUN_LOG, logFromDetail, nameNodeInError, type RunLog, toLogLines } from './run-log';

const runId = 'r1';
// A fixed local wall-clock time, so the `[HH:MM:SS]` prefix is known whatever the zone.
const t0 = new Date(2025, 0, 2, 14, 3, 7).getTime();
const labels: Record<string, string> = { a: 'Question', b: 'Chat Model' };
const labelOf = (id: string) => labels[id];

function fold(events: RunEvent[]): RunLog {
  return events.reduce(appendEvent, EMPTY_RUN_LOG);
}

const texts = (log: RunLog) => toLogLines(log.entries, labelOf).map((l) => l.text);

describe('appendEvent → log lines', () => {
  it('writes a line per step, prefixed by the node label, with the run’s duration at the end', () => {
    const log = fold([
      { type: 'run:started', runId, at: t0, nodeIds: ['a', 'b'] },
      { type: 'node:queued', runId, at: t0, nodeId: 'a' },
      { type: 'node:started', runId, at: t0 + 10, nodeId: 'a', attempt: 1, inputs: {} },
      { type: 'node:log', runId, at: t0 + 20, nodeId: 'a', level: 'info', message: 'read 3 words' },
      { type: 'node:finished', runId, at: t0 + 30, nodeId: 'a', outputs: { output: 'hi' }, durationMs: 20 },
      { type: 'run:finished', runId, at: t0 + 1250, status: 'success', outputs: {} },
    ]);
    expect(texts(log)).toEqual(['Run started', 'Question: Started', 'Question: read 3 words', 'Question: Finished in 20 ms', 'Run succeeded in 1.2 s']);
    expect(logText(toLogLines(log.entries, labelOf))).toContain('[14:03:07] Run started');
  });

  it('appends streamed tokens to one line per node, which other lines do not split', () => {
    const log = fold([
      { type: 'run:started', runId, at: t0, nodeIds: ['b'] },
      { type: 'node:started', runId, at: t0, nodeId: 'b', attempt: 1, inputs: {} },
      { type: 'node:token', runId, at: t0 + 1, nodeId: 'b', text: 'Hel' },
      { type: 'node:log', runId, at: t0 + 2, nodeId: 'a', level: 'info', message: 'meanwhile' },
      { type: 'node:token', runId, at: t0 + 3, nodeId: 'b', text: 'lo' },
      { type: 'node:token', runId, at: t0 + 4, nodeId: 'b', text: '!' },
    ]);
    expect(texts(log)).toEqual(['Run started', 'Chat Model: Started', 'Chat Model: Hello!', 'Question: meanwhile']);
    expect(log.entries.filter((e) => e.streaming)).toHaveLength(1);
  });

  it('starts a new streaming line for a retried attempt instead of gluing answers together', () => {
    const log = fold([
      { type: 'node:started', runId, at: t0, nodeId: 'b', attempt: 1, inputs: {} },
      { type: 'node:token', runId, at: t0, nodeId: 'b', text: 'partial' },
      { type: 'node:retrying', runId, at: t0 + 5, nodeId: 'b', attempt: 1, error: 'socket hang up', delayMs: 500 },
      { type: 'node:started', runId, at: t0 + 505, nodeId: 'b', attempt: 2, inputs: {} },
      { type: 'node:token', runId, at: t0 + 506, nodeId: 'b', text: 'whole' },
    ]);
    expect(texts(log)).toEqual([
      'Chat Model: Started',
      'Chat Model: partial',
      'Chat Model: Attempt 1 failed: socket hang up. Retrying in 500 ms',
      'Chat Model: Started (attempt 2)',
      'Chat Model: whole',
    ]);
    expect(log.entries[2]?.level).toBe('warn');
  });

  it('marks node errors and a failed run as errors, naming the failed node by label', () => {
    const log = fold([
      { type: 'run:started', runId, at: t0, nodeIds: ['a', 'b'] },
      { type: 'node:failed', runId, at: t0 + 400, nodeId: 'b', error: 'HTTP 401 from the model server', durationMs: 400 },
      { type: 'node:skipped', runId, at: t0 + 401, nodeId: 'a', reason: 'An earlier node failed' },
      { type: 'run:finished', runId, at: t0 + 402, status: 'error', error: 'b: HTTP 401 from the model server', outputs: {} },
    ]);
    const lines = toLogLines(log.entries, labelOf);
    expect(lines.map((l) => [l.level, l.text])).toEqual([
      ['info', 'Run started'],
      ['error', 'Chat Model: HTTP 401 from the model server'],
      ['info', 'Question: Skipped: An earlier node failed'],
      ['error', 'Run failed after 402 ms: Chat Model: HTTP 401 from the model server'],
    ]);
  });

  it('says a cancelled run was cancelled, as a warning', () => {
    const log = fold([
      { type: 'run:started', runId, at: t0, nodeIds: [] },
      { type: 'run:finished', runId, at: t0 + 3000, status: 'cancelled', error: 'Run cancelled', outputs: {} },
    ]);
    expect(log.entries.at(-1)).toMatchObject({ level: 'warn', message: 'Run cancelled after 3.0 s' });
  });

  it('writes an agent’s model and tool calls as steps, a failed tool call as a warning', () => {
    const log = fold([
      {
        type: 'node:step',
        runId,
        at: t0,
        nodeId: 'b',
        step: {
          index: 1,
          kind: 'model',
          name: 'gpt',
          startedAt: t0,
          durationMs: 800,
          status: 'success',
          usage: { inputTokens: 12, outputTokens: 3 },
          output: { text: '', toolCalls: [{ name: 'look_up' }] },
        },
      },
      {
        type: 'node:step',
        runId,
        at: t0 + 1,
        nodeId: 'b',
        step: { index: 2, kind: 'tool', name: 'look_up', startedAt: t0, durationMs: 40, status: 'error', error: 'HTTP 503' },
      },
    ]);
    expect(log.entries.map((e) => [e.level, e.message])).toEqual([
      ['info', 'Step 1 · model gpt asked for look_up (12 + 3 tokens, 800 ms)'],
      ['warn', 'Step 2 · tool look_up failed (40 ms): HTTP 503'],
    ]);
  });

  it('keeps a node id for a node that is no longer on the canvas', () => {
    const log = fold([{ type: 'node:log', runId, at: t0, nodeId: 'gone', level: 'info', message: 'x' }]);
    expect(texts(log)).toEqual(['gone: x']);
  });
});

describe('nameNodeInError', () => {
  it('replaces the first known node id only', () => {
    expect(nameNodeInError('Run failed: b: a: nope', labelOf)).toBe('Run failed: Chat Model: a: nope');
    expect(nameNodeInError('Run failed after 1.0 s: zz: boom', labelOf)).toBe('Run failed after 1.0 s: zz: boom');
    expect(nameNodeInError('Run succeeded', labelOf)).toBe('Run succeeded');
  });
});

describe('logFromDetail', () => {
  const iso = (ms: number) => new Date(t0 + ms).toISOString();
  const detail: Pick<ExecutionDetail, 'status' | 'error' | 'startedAt' | 'finishedAt' | 'createdAt' | 'durationMs' | 'nodes'> = {
    status: 'error',
    error: 'b: boom',
    createdAt: iso(0),
    startedAt: iso(0),
    finishedAt: iso(900),
    durationMs: 900,
    nodes: {
      b: {
        status: 'error',
        attempts: 2,
        startedAt: iso(300),
        finishedAt: iso(800),
        durationMs: 500,
        inputs: {},
        outputs: null,
        error: 'boom',
        skipReason: null,
        logs: [{ at: iso(500), level: 'warn', message: 'slow' }],
      },
      a: {
        status: 'success',
        attempts: 1,
        startedAt: iso(10),
        finishedAt: iso(20),
        durationMs: 10,
        inputs: {},
        outputs: { output: 'x' },
        error: null,
        skipReason: null,
        logs: [],
      },
    },
  };

  it('orders stored lines by time and closes with the status and duration', () => {
    expect(texts(logFromDetail(detail))).toEqual([
      'Run started',
      'Question: Started',
      'Question: Finished in 10 ms',
      'Chat Model: Started',
      'Chat Model: slow',
      'Chat Model: boom',
      'Run failed after 900 ms: Chat Model: boom',
    ]);
  });

  it('does not repeat an error the stored lines already hold', () => {
    const withErrorLine = {
      ...detail,
      nodes: { b: { ...(detail.nodes.b as ExecutionNodeDetail), logs: [{ at: iso(800), level: 'error' as const, message: 'boom' }] } },
    };
    expect(texts(logFromDetail(withErrorLine)).filter((t) => t === 'Chat Model: boom')).toHaveLength(1);
  });
});

describe('pinned, reused and retried nodes in the log', () => {
  it('says "pinned" or "reused" instead of a duration, and counts attempts out of the total', () => {
    const log = fold([
      { type: 'run:started', runId, at: t0, nodeIds: ['a', 'b'] },
      { type: 'node:finished', runId, at: t0, nodeId: 'a', outputs: { output: 'hi' }, durationMs: 0, source: 'pinned' },
      { type: 'node:started', runId, at: t0 + 1, nodeId: 'b', attempt: 1, maxAttempts: 3, inputs: {} },
      { type: 'node:retrying', runId, at: t0 + 2, nodeId: 'b', attempt: 1, error: 'The server is busy.', delayMs: 1000 },
      { type: 'node:started', runId, at: t0 + 3, nodeId: 'b', attempt: 2, maxAttempts: 3, inputs: {} },
      { type: 'node:finished', runId, at: t0 + 4, nodeId: 'b', outputs: {}, durationMs: 1 },
    ]);
    expect(texts(log)).toEqual([
      'Run started',
      'Question: Pinned: its pinned output was used, the node was not called',
      'Chat Model: Started (attempt 1 of 3)',
      'Chat Model: Attempt 1 failed: The server is busy. Retrying in 1.0 s',
      'Chat Model: Started (attempt 2 of 3)',
      'Chat Model: Finished in 1 ms',
    ]);
  });

  it('reads the same from a stored execution', () => {
    const node = (patch: Partial<ExecutionNodeDetail>): ExecutionNodeDetail => ({
      status: 'success',
      attempts: 0,
      startedAt: null,
      finishedAt: new Date(t0 + 5).toISOString(),
      durationMs: null,
      inputs: null,
      outputs: {},
      error: null,
      skipReason: null,
      logs: [],
      ...patch,
    });
    const log = logFromDetail({
      status: 'success',
      error: null,
      createdAt: new Date(t0).toISOString(),
      startedAt: new Date(t0).toISOString(),
      finishedAt: new Date(t0 + 10).toISOString(),
      durationMs: 10,
      nodes: {
        a: node({ source: 'reused' }),
        b: node({ attempts: 2, maxAttempts: 2, startedAt: new Date(t0 + 6).toISOString(), finishedAt: new Date(t0 + 8).toISOString(), durationMs: 2 }),
      },
    });
    expect(texts(log)).toEqual([
      'Run started',
      "Question: Reused: the last run's output was used, the node was not called",
      'Chat Model: Started (attempt 2 of 2)',
      'Chat Model: Finished in 2 ms',
      'Run succeeded in 10 ms',
    ]);
  });
});
