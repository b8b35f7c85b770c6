import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKFLOW_NAME, emptyWorkflow, workflowDocumentSchema } from './workflow.js';

describe('workflow document schema', () => {
  it('fills defaults for a minimal document', () => {
    const parsed = workflowDocumentSchema.parse({ name: 'Flow' });
    expect(parsed).toEqual({ schemaVersion: 1, name: 'Flow', nodes: [], edges: [], globalParameters: {} });
  });

  it('starts new workflows as My First Automation', () => {
    expect(emptyWorkflow().name).toBe(DEFAULT_WORKFLOW_NAME);
    expect(DEFAULT_WORKFLOW_NAME).toBe('My First Automation');
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x', nodes: [{ id: 'a', position: { x: 'left', y: 0 }, data: { label: 'A', type: 'input.text' } }] }, 'nodes'],
    [{ name: 'x', edges: [{ id: 'e', source: 'a', target: 'b', sourceHandle: 'output' }] }, 'edges'],
    [{ name: 'x', globalParameters: { '1bad': { key: '1bad', value: 'v' } } }, 'globalParameters'],
  ])('rejects %j at %s', (input, field) => {
    const result = workflowDocumentSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});
