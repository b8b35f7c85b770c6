import { describe, expect, it } from 'vitest';
import { executionsQuery } from './executions';

describe('executionsQuery', () => {
  it('sends only the filters that are set', () => {
    expect(executionsQuery({})).toBe('/api/executions');
    expect(executionsQuery({ workflowId: 'w 1', status: 'error', limit: 10 })).toBe('/api/executions?workflowId=w+1&status=error&limit=10');
    expect(executionsQuery({ trigger: 'webhook', before: 'c1' })).toBe('/api/executions?trigger=webhook&before=c1');
  });
});
