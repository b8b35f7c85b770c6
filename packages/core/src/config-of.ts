import type { FileFieldValue, InlineFileValue } from './file-value.js';
import type { ConfigField } from './node-definition.js';

/**
 * The value one config field gives a node's `run`, by kind: text, prompt, secret and code
 * read as strings, a select as the union of its option values, a file as an upload id (or
 * the inline text an older editor kept), JSON as any JSON value.
 */
export type ConfigFieldValue<F extends ConfigField> = F extends { readonly kind: 'number' }
  ? number
  : F extends { readonly kind: 'boolean' }
    ? boolean
    : F extends { readonly kind: 'select'; readonly options: readonly { readonly value: infer V }[] }
      ? V
      : F extends { readonly kind: 'file' }
        ? FileFieldValue | InlineFileValue
        : F extends { readonly kind: 'json' }
          ? unknown
          : string;

/** Whether `run` always gets the field: it has a default (filled by `configWithDefaults`) or is `required` (checked by `configIssues`). */
type AlwaysSet<F extends ConfigField> = F extends { readonly default: infer D }
  ? undefined extends D
    ? false
    : true
  : F extends { readonly required: true }
    ? true
    : false;

/**
 * The config a node's `run` receives, derived from its definition's fields (declared
 * `as const`, or through `@weft/nodes`' `defineConfig`): one key per field, typed by
 * {@link ConfigFieldValue}; optional where the field has neither a default nor `required`.
 * What makes it true is the host: it hands `run` the stored config through
 * {@link configWithDefaults} and refuses a run whose config {@link configIssues} faults,
 * so `run` reads `config.provider` with no fallback.
 */
export type ConfigOf<Fields extends readonly ConfigField[]> = {
  readonly [F in Fields[number] as F['key']]: AlwaysSet<F> extends true ? ConfigFieldValue<F> : ConfigFieldValue<F> | undefined;
};
