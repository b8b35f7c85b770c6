import { describe, expect, it } from 'vitest';
import { orderWorkflows, type WorkflowSort } from './workflow-list-order';
import type { WorkflowSummary } from './workflow-summary';

const wf = (name: string, updatedAt: string, lastRunAt: string | null = null): WorkflowSummary => ({
  id: name,
  name,
  version: 1,
  nodeCount: 1,
  lastRunStatus: null,
  lastRunAt,
  schedule: null,
  createdAt: updatedAt,
  updatedAt,
});

const list = [
  wf('Daily summary posted to Slack', '2026-11-20T09:00:00Z', '2026-11-25T09:00:00Z'),
  wf('Document Q&A', '2026-11-24T09:00:00Z'),
  wf('Untitled Workflow 10', '2026-11-22T09:00:00Z', '2026-11-23T09:00:00Z'),
  wf('untitled workflow 9', '2026-11-21T09:00:00Z'),
];
const names = (l: WorkflowSummary[]) => l.map((w) => w.name);

describe('orderWorkflows', () => {
  it.each<[string, WorkflowSort, string[]]>([
    ['last change, newest first, by default', 'updated', ['Document Q&A', 'Untitled Workflow 10', 'untitled workflow 9', 'Daily summary posted to Slack']],
    [
      'name, ignoring case and reading numbers as numbers',
      'name',
      ['Daily summary posted to Slack', 'Document Q&A', 'untitled workflow 9', 'Untitled Workflow 10'],
    ],
    ['last run, never-run workflows last', 'lastRun', ['Daily summary posted to Slack', 'Untitled Workflow 10', 'Document Q&A', 'untitled workflow 9']],
  ])('sorts by %s', (_, sort, expected) => {
    expect(names(orderWorkflows(list, '', sort))).toEqual(expected);
  });

  it('keeps names containing every word of the search, in any case and order', () => {
    expect(names(orderWorkflows(list, '  WORKFLOW untitled ', 'name'))).toEqual(['untitled workflow 9', 'Untitled Workflow 10']);
    expect(names(orderWorkflows(list, 'slack daily', 'name'))).toEqual(['Daily summary posted to Slack']);
    expect(orderWorkflows(list, 'kangaroo', 'name')).toEqual([]);
  });

  it('does not reorder the list it was given', () => {
    orderWorkflows(list, '', 'name');
    expect(list[0]?.name).toBe('Daily summary posted to Slack');
  });
});
