import { describe, expectTypeOf, it } from 'vitest';
import type { ConfigOf } from './config-of.js';
import type { FileFieldValue, InlineFileValue } from './file-value.js';

// Checked by the type checker (`tsc -p tsconfig.tests.json`); the runtime part is empty.
const fields = [
  {
    kind: 'select',
    key: 'provider',
    label: 'Provider',
    default: 'openai',
    options: [
      { value: 'openai', label: 'OpenAI' },
      { value: 'none', label: 'None' },
    ],
  },
  { kind: 'text', key: 'model', label: 'Model', required: true },
  { kind: 'text', key: 'baseUrl', label: 'Base URL' },
  { kind: 'prompt', key: 'prompt', label: 'Prompt', default: '{{input}}' },
  { kind: 'number', key: 'topK', label: 'Results', default: 4 },
  { kind: 'number', key: 'maxTokens', label: 'Max tokens' },
  { kind: 'boolean', key: 'strict', label: 'Strict', default: false },
  { kind: 'secret', key: 'apiKey', label: 'API key' },
  { kind: 'file', key: 'file', label: 'File', requiredWhen: { key: 'provider', equals: 'openai' } },
  { kind: 'json', key: 'filter', label: 'Filter', default: {} },
] as const;

describe('ConfigOf', () => {
  it('types each field by its kind, a select by its options, optional without default or required', () => {
    type Config = ConfigOf<typeof fields>;
    expectTypeOf<Config['provider']>().toEqualTypeOf<'openai' | 'none'>();
    expectTypeOf<Config['model']>().toEqualTypeOf<string>();
    expectTypeOf<Config['baseUrl']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Config['prompt']>().toEqualTypeOf<string>();
    expectTypeOf<Config['topK']>().toEqualTypeOf<number>();
    expectTypeOf<Config['maxTokens']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Config['strict']>().toEqualTypeOf<boolean>();
    expectTypeOf<Config['apiKey']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Config['file']>().toEqualTypeOf<FileFieldValue | InlineFileValue | undefined>();
    expectTypeOf<Config['filter']>().toEqualTypeOf<unknown>();
    expectTypeOf<keyof Config>().toEqualTypeOf<'provider' | 'model' | 'baseUrl' | 'prompt' | 'topK' | 'maxTokens' | 'strict' | 'apiKey' | 'file' | 'filter'>();
  });
});
