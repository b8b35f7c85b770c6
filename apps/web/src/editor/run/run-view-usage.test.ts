import { describe, expect, it } from 'vitest';
import type { ExecutionDetail } from '../../api/executions';
import { historyView } from './run-view';

const detail: ExecutionDetail = {
  id: 'ex1',
  workflowId: 'w1',
  workflowName: 'Flow',
  workflowVersion: 1,
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

describe('historyView of a run that called models', () => {
  it('gives the banner the run’s totals without the per-model part', () => {
    const usage = {
      inputTokens: 1200,
      outputTokens: 300,
      costUsd: 0.00036,
      costIncomplete: true,
      models: { 'gpt-4o-mini': { inputTokens: 1200, outputTokens: 300, costUsd: 0.00036, calls: 1 } },
    };
    expect(historyView({ ...detail, usage }).summary?.usage).toEqual({ inputTokens: 1200, outputTokens: 300, costUsd: 0.00036, costIncomplete: true });
  });

  it('has no usage for a run that called none', () => {
    expect(historyView(detail).summary).not.toHaveProperty('usage');
  });
});
