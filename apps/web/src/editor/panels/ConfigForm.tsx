import { type ConfigField, fieldIsRequired } from '@weft/core';
import { type FocusEvent, useState } from 'react';
import { FieldEditor } from '../fields/FieldEditor';
import { requiredProblem } from '../fields/field-validation';
import type { PromptHints } from '../fields/types';

export interface ConfigFormProps {
  /** Scopes the controls' ids, so two open panels never share an id. */
  nodeId: string;
  fields: readonly ConfigField[];
  config: Readonly<Record<string, unknown>>;
  onChange(config: Record<string, unknown>): void;
  hints: PromptHints;
  /** Show every required-field message now, not only after the field was visited. */
  showAllErrors?: boolean;
}

/**
 * The settings form generated from a definition's config schema. Each change produces
 * the whole next config at once (controlled); `undefined` removes the key, so a cleared
 * optional field falls back to the node's default.
 */
export function ConfigForm({ nodeId, fields, config, onChange, hints, showAllErrors = false }: ConfigFormProps) {
  // Required messages wait until the user has been in the field: a fresh node is not an error.
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set());

  const setValue = (key: string, value: unknown) => {
    const next = { ...config };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const key = (event.target.closest('[data-field-key]') as HTMLElement | null)?.dataset.fieldKey;
    if (key && !visited.has(key)) setVisited(new Set(visited).add(key));
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={(e) => e.preventDefault()} onBlur={onBlur} noValidate>
      {fields.map((field) => {
        const value = config[field.key];
        const show = showAllErrors || visited.has(field.key);
        return (
          <div key={field.key} data-field-key={field.key}>
            <FieldEditor
              // A field required only while another holds a value (requiredWhen) is marked while it is.
              field={field.requiredWhen ? { ...field, required: fieldIsRequired(field, config) } : field}
              value={value}
              onChange={(next) => setValue(field.key, next)}
              id={`cfg-${nodeId}-${field.key}`}
              error={show ? requiredProblem(field, value, config) : null}
              hints={hints}
            />
          </div>
        );
      })}
    </form>
  );
}
