import type { WorkflowDocument } from '@weft/core';

/** A valid `POST /api/custom-nodes` body: text in, word count out, one number setting. */
export function wordCountBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Word count',
    description: 'Counts the words of a text.',
    inputs: [{ id: 'text', label: 'Text', type: 'text' }],
    outputs: [{ id: 'count', label: 'Count', type: 'json' }],
    config: [{ kind: 'number', key: 'minLength', label: 'Shortest word', min: 1, max: 20, step: 1, default: 1 }],
    code: 'const words = inputs.text.split(/\\s+/).filter((w) => w.length >= config.minLength);\nreturn { count: words.length };',
    ...overrides,
  };
}

/** Text Input → the custom type → Output, joined through the custom ports. */
export function workflowUsing(customType: string, name = 'Counting'): WorkflowDocument {
  return {
    schemaVersion: 1,
    name,
    nodes: [
      { id: 'in', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'Text Input', type: 'input.text', config: { text: 'one two three' } } },
      { id: 'count', type: 'custom', position: { x: 300, y: 0 }, data: { label: 'Word count', type: customType, config: { minLength: 1 } } },
      { id: 'out', type: 'custom', position: { x: 600, y: 0 }, data: { label: 'Output', type: 'output', config: { format: 'json' } } },
    ],
    edges: [
      { id: 'e1', source: 'in', sourceHandle: 'output', target: 'count', targetHandle: 'text', type: 'custom', data: { type: 'text' } },
      { id: 'e2', source: 'count', sourceHandle: 'count', target: 'out', targetHandle: 'input', type: 'custom', data: { type: 'json' } },
    ],
    globalParameters: {},
  };
}
