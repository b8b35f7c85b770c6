import { describe, expect, it } from 'vitest';
import type { ExecutionDetail } from '../../api/executions';
import { withKeptNotice } from './run-log';
import { historyView } from './run-view';

const detail: ExecutionDetail = {
  id: 'ex1',
  workflowId: 'w1',
  workflowName: 'Flow',
  workflowVersion: 3,
  trigger: 'manual',
  status: 'success',
  error: null,
  createdAt: '2025-01-02T10:00:00.000Z',
  startedAt: '2025-01-02T10:00:00.000Z',
  finishedAt: '2025-01-02T10:00:01.000Z',
  durationMs: 1000,
  inputs: {},
  outputs: {},
  usage: null,
  nodes: {},
};

describe('the log of a stored run that kept less', () => {
  it('adds one line after "Run started" to a log that kept less', () => {
    const log = { entries: [{ at: 5, nodeId: null, level: 'info' as const, message: 'Run started' }], streams: {}, startedAt: 5 };
    expect(withKeptNotice(log, 'all')).toBe(log);
    const noted = withKeptNotice(log, 'summary');
    expect(noted.entries.map((e) => e.message)).toEqual(['Run started', 'Node details: not kept (this workflow keeps only the summary of successful runs)']);
    expect(noted.entries[1]).toMatchObject({ at: 5, nodeId: null, level: 'info' });
  });
});

describe('historyView of a run that kept less', () => {
  it('carries what was kept and says so in the log', () => {
    const view = historyView({ ...detail, kept: 'summary' });
    expect(view.kept).toBe('summary');
    expect(view.run.nodes).toEqual({});
    expect(view.log.entries.map((e) => e.message)).toEqual([
      'Run started',
      'Node details: not kept (this workflow keeps only the summary of successful runs)',
      'Run succeeded in 1.0 s',
    ]);
  });

  it('keeps node status and timing without values when only outputs were kept', () => {
    const node = {
      status: 'success' as const,
      attempts: 1,
      startedAt: '2025-01-02T10:00:00.100Z',
      finishedAt: '2025-01-02T10:00:00.300Z',
      durationMs: 200,
      inputs: null,
      outputs: null,
      error: null,
      skipReason: null,
      logs: [],
    };
    const view = historyView({ ...detail, kept: 'outputs', outputs: { out: 'hi' }, nodes: { t: node } });
    expect(view.kept).toBe('outputs');
    expect(view.run.nodes.t).toMatchObject({ status: 'success' });
    expect(view.run.nodes.t?.outputs).toBeUndefined();
    expect(view.durations).toEqual({ t: 200 });
    expect(view.run.outputs).toEqual({ out: 'hi' });
  });

  it('has no kept mark for a run that kept everything', () => {
    expect(historyView(detail)).not.toHaveProperty('kept');
  });
});
