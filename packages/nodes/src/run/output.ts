import type { NodeRunArgs } from '../node-services.js';
import { ConfigReader } from './config-reader.js';

export const OUTPUT_FORMATS = ['text', 'markdown', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** How an Output node's value is meant to be shown (the run panel and inspector read it). */
export function outputFormat(config: Readonly<Record<string, unknown>>): OutputFormat {
  return new ConfigReader(config).choice('format', 'Display as', OUTPUT_FORMATS, 'text');
}

/**
 * The engine takes an Output node's inputs as the run's outputs before the node runs
 * (`isOutputNode`), so running it only checks its config: an unknown format fails here
 * rather than later in the browser. It passes nothing on.
 */
export function runOutput({ config }: NodeRunArgs) {
  outputFormat(config);
  return { outputs: {} };
}
