import type { NodeRunArgs } from '../node-services.js';
import { ConfigReader } from './config-reader.js';
import { fillPlaceholders } from './placeholders.js';

/** Fills the template with `{{input}}` and `{{params.x}}`; `onMissing` decides what a missing name does. */
export function runTemplate({ inputs, config, ctx }: NodeRunArgs) {
  const read = new ConfigReader(config);
  const onMissing = read.choice('onMissing', 'When a placeholder has no value', ['error', 'empty', 'keep'], 'error');
  const text = fillPlaceholders(read.text('template', '{{input}}'), { input: inputs.input, params: ctx.services.params }, 'the template', onMissing);
  return { outputs: { output: text } };
}
