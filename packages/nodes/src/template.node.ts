import type { ConfigOf } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { runTemplate } from './run/template.js';

/** The settings of Template; its `run` reads them typed as {@link TemplateConfig}. */
export const templateConfig = defineConfig([
  {
    kind: 'prompt',
    key: 'template',
    label: 'Template',
    required: true,
    default: '{{input}}',
    placeholder: 'Summarise for {{params.audience}}:\n\n{{input}}',
  },
  {
    kind: 'select',
    key: 'onMissing',
    label: 'When a placeholder has no value',
    default: 'error',
    options: choices({ error: 'Stop with an error', empty: 'Insert nothing', keep: 'Leave the placeholder as written' }),
  },
]);

export type TemplateConfig = ConfigOf<typeof templateConfig>;

/** Builds text from a template; placeholders are path lookups, never evaluated code (DESIGN.md). */
export const templateNode = defineNode({
  type: 'text.template',
  version: 1,
  title: 'Template',
  category: 'AI',
  description: 'Builds text, such as a prompt, from a template with {{…}} placeholders.',
  inputs: [
    {
      id: 'input',
      label: 'Text',
      type: 'text',
      optional: true,
      description: 'Available in the template as {{input}}. Documents, chunks, context and JSON are converted to text on the way in.',
    },
    {
      id: 'context',
      label: 'Context',
      type: 'context',
      optional: true,
      description: 'Retrieved passages, available as {{context}}: connect a Retriever here and Format Context is inserted.',
    },
  ],
  outputs: [{ id: 'output', label: 'Text', type: 'text' }],
  config: templateConfig,
  run: runTemplate,
  docs: `Fills in the template and emits the result on the **Text** output.

Placeholders:

| Placeholder | Value |
|---|---|
| \`{{input}}\` | the text on the input |
| \`{{context}}\` | the passages on the Context input, numbered, each with its source (for answers that cite them) |
| \`{{params.key}}\` | a global parameter of the workflow |
| \`{{secrets.NAME}}\` | one of your secrets (masked in logs) |

Placeholders are looked up, never run as code: \`{{input.length}}\` or \`{{1 + 1}}\` are not evaluated.
*When a placeholder has no value* decides what happens to a name that does not exist: stop the node with an error naming it (the default), insert nothing, or leave \`{{…}}\` in the text.`,
});
