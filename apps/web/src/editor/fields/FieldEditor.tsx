import type { ConfigField } from '@weft/core';
import { BooleanFieldEditor } from './BooleanFieldEditor';
import { CodeFieldEditor } from './CodeFieldEditor';
import { FileFieldEditor } from './FileFieldEditor';
import { JsonFieldEditor } from './JsonFieldEditor';
import { NumberFieldEditor } from './NumberFieldEditor';
import { PromptFieldEditor } from './PromptFieldEditor';
import { SecretFieldEditor } from './SecretFieldEditor';
import { SelectFieldEditor } from './SelectFieldEditor';
import { TextFieldEditor } from './TextFieldEditor';
import type { PromptHints } from './types';

export interface FieldEditorSwitchProps {
  field: ConfigField;
  value: unknown;
  onChange(value: unknown): void;
  id: string;
  error?: string | null;
  hints: PromptHints;
}

/** The editor for one field, chosen by its kind: one component per kind (as Rivet does). */
export function FieldEditor({ field, hints, ...rest }: FieldEditorSwitchProps) {
  switch (field.kind) {
    case 'text':
      return <TextFieldEditor field={field} {...rest} />;
    case 'prompt':
      return <PromptFieldEditor field={field} hints={hints} {...rest} />;
    case 'number':
      return <NumberFieldEditor field={field} {...rest} />;
    case 'select':
      return <SelectFieldEditor field={field} {...rest} />;
    case 'boolean':
      return <BooleanFieldEditor field={field} {...rest} />;
    case 'secret':
      return <SecretFieldEditor field={field} {...rest} />;
    case 'file':
      return <FileFieldEditor field={field} {...rest} />;
    case 'json':
      return <JsonFieldEditor field={field} {...rest} />;
    case 'code':
      return <CodeFieldEditor field={field} {...rest} />;
    default: {
      // A kind from a newer server: say so instead of dropping the setting silently.
      const unknown = field as { label?: string; kind?: string };
      return (
        <p className="rounded-lg border border-dashed border-line px-3 py-2 text-xs text-muted">
          <span className="font-medium text-ink">{unknown.label}</span>: this editor cannot show “{unknown.kind}” settings yet.
        </p>
      );
    }
  }
}
