import { type CompiledTemplate, compileTemplate } from '@weft/core';
import type { NodeRunArgs } from '../node-services.js';
import type { TemplateConfig } from '../template.node.js';
import { fillPlaceholders } from './placeholders.js';

/**
 * Fills the template with `{{input}}`, `{{context}}` and `{{params.x}}`; `onMissing` decides
 * what a missing name does.
 */
export function runTemplate({ inputs, config, ctx }: NodeRunArgs<TemplateConfig>) {
  const context = contextScope(inputs.context);
  const text = fillPlaceholders(
    compiledTemplateOf(config, config.template),
    { input: inputs.input, params: ctx.services.params, context },
    'the template',
    config.onMissing,
  );
  return { outputs: { output: text } };
}

/**
 * The node's template, compiled once per config object. A stored workflow's config is
 * shared by all its runs (the server keeps the parsed document while its text is the
 * same), so a busy webhook compiles its templates once; a config the host filled for one
 * run (secrets, parameters) is compiled for that run and forgotten with it.
 */
const compiled = new WeakMap<object, CompiledTemplate>();

function compiledTemplateOf(config: object, template: string): CompiledTemplate {
  const known = compiled.get(config);
  if (known?.template === template) return known;
  const fresh = compileTemplate(template);
  compiled.set(config, fresh);
  return fresh;
}

/** `{{context}}` reads as the formatted passages, each already naming its source. */
function contextScope(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && 'text' in value && typeof value.text === 'string') return value.text;
  return value ?? undefined;
}
