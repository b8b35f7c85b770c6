import { describe, expect, it } from 'vitest';
import { policyOverrides } from './node-settings.js';
import { pinDataIssues, valueTypeProblem } from './pinned-data.js';
import { TEST_DEFINITIONS } from './test-definitions.js';
import { type WorkflowDocument, workflowDocumentSchema } from './workflow.js';

function doc(pinData: WorkflowDocument['pinData']): WorkflowDocument {
  return workflowDocumentSchema.parse({
    name: 'Pins',
    nodes: [
      { id: 'src', position: { x: 0, y: 0 }, data: { label: 'Fetch', type: 'test.source.text' } },
      { id: 'docs', position: { x: 0, y: 0 }, data: { label: '', type: 'test.source.documents' } },
      { id: 'sink', position: { x: 0, y: 0 }, data: { label: 'End', type: 'test.sink.text' } },
    ],
    pinData,
  });
}

describe('pinDataIssues', () => {
  it('accepts pins that fit their ports', () => {
    expect(pinDataIssues(doc({ src: { out: 'hello' }, docs: { out: [{ text: 'a', metadata: {} }] } }), TEST_DEFINITIONS)).toEqual([]);
  });

  it('names the node and the port of a pin that cannot fit', () => {
    const issues = pinDataIssues(doc({ src: { out: 42 }, docs: { out: [{ text: 'a' }] } }), TEST_DEFINITIONS);
    expect(issues.map((issue) => issue.message)).toEqual([
      'Pinned data of node "Fetch", output "text" (text): expected text (a JSON string), got a number.',
      'Pinned data of node "docs", output "documents" (documents): item 1 does not fit: expected { "text": "…", "metadata": {} }.',
    ]);
  });

  it('refuses pins on ports, nodes and sinks that do not exist', () => {
    const messages = pinDataIssues(doc({ src: { nope: 'x' }, ghost: { out: 'x' }, sink: { out: 'x' } }), TEST_DEFINITIONS).map((i) => i.message);
    expect(messages).toEqual([
      'Node "Fetch" has no output "nope" to pin (its outputs: "out").',
      'Pinned data names node "ghost", which is not in the workflow. Unpin it or add the node.',
      'Node "End" has no outputs, so it cannot have pinned data. Unpin it.',
    ]);
  });

  it('checks the shape of every data type', () => {
    expect(valueTypeProblem('query', { text: 'q' })).toBeUndefined();
    expect(valueTypeProblem('query', 'q')).toMatch(/"text" string/);
    expect(valueTypeProblem('context', { text: 't', sources: ['a'] })).toBeUndefined();
    expect(valueTypeProblem('results', [{ text: 't', metadata: {} }])).toMatch(/item 1/);
    expect(valueTypeProblem('json', null)).toBeUndefined();
  });
});

describe('policyOverrides', () => {
  it('turns node settings into a policy with a constant wait', () => {
    expect(policyOverrides({ retries: 2, retryWaitMs: 300, timeoutMs: 5000 })).toEqual({ retries: 2, backoffMs: 300, backoffFactor: 1, timeoutMs: 5000 });
    expect(policyOverrides(undefined)).toEqual({});
  });

  it('refuses settings out of range with a message a person can act on', () => {
    const parsed = workflowDocumentSchema.safeParse({
      name: 'x',
      nodes: [{ id: 'a', position: { x: 0, y: 0 }, data: { label: 'a', type: 't', settings: { retries: 20 } } }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('At most 10 retries');
  });
});
