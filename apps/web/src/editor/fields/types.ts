import type { ConfigField, ConfigFieldKind } from '@weft/core';

/** The definition of one field of a given kind. */
export type FieldOf<K extends ConfigFieldKind> = Extract<ConfigField, { kind: K }>;

/**
 * Props every field editor takes. Editors are controlled: they show `value` and call
 * `onChange` at once with the new value (`undefined` removes the key from the config).
 * Editors that parse text (number, JSON) keep the text locally and only pass on values
 * that parse, so the config never holds a half-typed value.
 */
export interface FieldEditorProps<K extends ConfigFieldKind> {
  field: FieldOf<K>;
  value: unknown;
  onChange(value: unknown): void;
  /** Id for the control; the label points at it. Unique per node and field. */
  id: string;
  /** A message from the form (e.g. required and empty) to show when the editor has none of its own. */
  error?: string | null;
}

/** What the prompt editor offers to insert. */
export interface PromptHints {
  /** Global parameter keys: `{{params.KEY}}`. */
  parameters: readonly string[];
  /** The node's input ports: `{{input}}`, or `{{input.ID}}` when there are several. */
  inputs: readonly { id: string; label: string }[];
}
