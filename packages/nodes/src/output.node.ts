import type { ConfigOf } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { runOutput } from './run/output.js';

/** The settings of Output; its `run` reads them typed as {@link OutputConfig}. */
export const outputConfig = defineConfig([
  { kind: 'select', key: 'format', label: 'Display as', default: 'text', options: choices({ text: 'Text', markdown: 'Markdown', json: 'JSON' }) },
]);

export type OutputConfig = ConfigOf<typeof outputConfig>;

/** How an Output node's value is meant to be shown. */
export type OutputFormat = OutputConfig['format'];

export const outputNode = defineNode({
  type: 'output',
  version: 1,
  title: 'Output',
  category: 'Outputs',
  description: 'Collects a result of the workflow and shows it in the run panel.',
  inputs: [{ id: 'input', label: 'Value', type: 'any' }],
  outputs: [],
  config: outputConfig,
  run: runOutput,
  docs: 'Accepts any data type. Its value becomes the workflow output returned by API and webhook runs (with several Output nodes, an object keyed by node id). *Display as* only changes how the run panel shows it; the value itself is passed on unchanged.',
});
