import type { NodeRunArgs } from '../node-services.js';
import { ConfigReader } from './config-reader.js';
import { fillPlaceholders } from './placeholders.js';

/**
 * Fills the template with `{{input}}`, `{{context}}` and `{{params.x}}`; `onMissing` decides
 * what a missing name does.
 */
export function runTemplate({ inputs, config, ctx }: NodeRunArgs) {
  const read = new ConfigReader(config);
  const onMissing = read.choice('onMissing', 'When a placeholder has no value', ['error', 'empty', 'keep'], 'error');
  const context = contextScope(inputs.context);
  const text = fillPlaceholders(read.text('template', '{{input}}'), { input: inputs.input, params: ctx.services.params, context }, 'the template', onMissing);
  return { outputs: { output: text } };
}

/** `{{context}}` reads as the formatted passages, each already naming its source. */
function contextScope(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && 'text' in value && typeof value.text === 'string') return value.text;
  return value ?? undefined;
}
