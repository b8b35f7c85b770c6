import type { WorkflowDocument } from '@weft/core';

/** Text Input → Output with one global parameter: the smallest useful workflow. */
export function greetingWorkflow(name = 'Greeting'): WorkflowDocument {
  return {
    schemaVersion: 1,
    name,
    nodes: [
      { id: 'in', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'Text Input', type: 'input.text', config: { text: 'Hello {{params.tone}}' } } },
      { id: 'out', type: 'custom', position: { x: 300, y: 0 }, data: { label: 'Output', type: 'output', config: { format: 'text' } } },
    ],
    edges: [{ id: 'e1', source: 'in', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'custom', data: { type: 'text' } }],
    globalParameters: { tone: { key: 'tone', value: 'warm', description: '' } },
  };
}
