import { defineNode } from './define-node.js';
import { runOutput } from './run/output.js';

export const outputNode = defineNode({
  type: 'output',
  version: 1,
  title: 'Output',
  category: 'Outputs',
  description: 'Collects a result of the workflow and shows it in the run panel.',
  inputs: [{ id: 'input', label: 'Value', type: 'any' }],
  outputs: [],
  config: [
    {
      kind: 'select',
      key: 'format',
      label: 'Display as',
      default: 'text',
      options: [
        { value: 'text', label: 'Text' },
        { value: 'markdown', label: 'Markdown' },
        { value: 'json', label: 'JSON' },
      ],
    },
  ],
  run: runOutput,
  docs: 'Accepts any data type. Its value becomes the workflow output returned by API and webhook runs (with several Output nodes, an object keyed by node id). *Display as* only changes how the run panel shows it; the value itself is passed on unchanged.',
});
