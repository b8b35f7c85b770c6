import type { ConfigOf } from '@weft/core';
import { defineConfig, defineNode } from './define-node.js';
import { runTextInput } from './run/text-input.js';

/** The settings of Text Input; its `run` reads them typed as {@link TextInputConfig}. */
export const textInputConfig = defineConfig([
  { kind: 'text', key: 'text', label: 'Text', multiline: true, default: '', placeholder: 'Type or paste text…' },
  {
    kind: 'boolean',
    key: 'askOnRun',
    label: 'Ask for this value when the workflow runs',
    default: false,
  },
]);

export type TextInputConfig = ConfigOf<typeof textInputConfig>;

export const textInputNode = defineNode({
  type: 'input.text',
  version: 1,
  title: 'Text Input',
  category: 'Inputs',
  description: 'A piece of text typed in the editor, or supplied as a run input.',
  inputs: [],
  outputs: [{ id: 'output', label: 'Text', type: 'text' }],
  config: textInputConfig,
  run: runTextInput,
  docs: 'Emits its text on the **Text** output. Use `{{params.key}}` to pull in a global parameter. With *Ask for this value when the workflow runs* on, the Run button asks for the text first, and API and webhook runs supply it (a JSON value, such as a webhook JSON body, is emitted as its JSON text); the text typed here is used when a run gives none.',
});
