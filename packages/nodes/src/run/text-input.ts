import type { NodeRunArgs } from '../node-services.js';
import type { TextInputConfig } from '../text-input.node.js';

/**
 * Emits the run input when the node asks for one on run and one was given (text as is,
 * any other value as its JSON text, e.g. a webhook's JSON body), else its own text. The
 * host has already filled `{{params.x}}` in the config text.
 */
export function runTextInput({ config, ctx }: NodeRunArgs<TextInputConfig>) {
  const given = ctx.runInput;
  if (config.askOnRun && given !== undefined && given !== null) {
    return { outputs: { output: typeof given === 'string' ? given : JSON.stringify(given) } };
  }
  return { outputs: { output: config.text } };
}
