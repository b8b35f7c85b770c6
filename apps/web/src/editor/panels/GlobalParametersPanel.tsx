import type { GlobalParameter } from '@weft/core';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { BracesIcon, PlusIcon } from '../../components/ui/icons';
import { ParameterRowEditor } from './ParameterRowEditor';
import { type ParameterRow, parametersFromRows, rowsFromParameters, sameParameters } from './parameter-rows';

export interface GlobalParametersPanelProps {
  /** The workflow's parameters, keyed by key. */
  parameters: Readonly<Record<string, GlobalParameter>>;
  /** The next map after every edit. Rows with an unusable key are held back until fixed. */
  onChange(next: Record<string, GlobalParameter>): void;
}

const Code = ({ children }: { children: string }) => <code className="rounded bg-surface-2 px-1 py-0.5 font-mono text-[0.9em] text-ink">{children}</code>;

/**
 * The workflow's global parameters as an editable table (key, value, description).
 * Keys are checked as typed (pattern and uniqueness); a row keeps its stored key until
 * the new one is valid, so renaming never loses a value.
 */
export function GlobalParametersPanel({ parameters, onChange }: GlobalParametersPanelProps) {
  const counter = useRef(0);
  const newId = () => `row-${++counter.current}`;
  const [rows, setRows] = useState<ParameterRow[]>(() => rowsFromParameters(parameters, newId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [added, setAdded] = useState<string | null>(null);
  const [synced, setSynced] = useState(parameters);

  // Parameters changed elsewhere (undo, load): start again from them, unless they are ours.
  if (parameters !== synced) {
    setSynced(parameters);
    if (!sameParameters(parameters, parametersFromRows(rows).parameters)) {
      setRows(rowsFromParameters(parameters, newId));
      setErrors({});
    }
  }

  const update = (next: ParameterRow[]) => {
    const result = parametersFromRows(next);
    setRows(result.rows);
    setErrors(result.errors);
    if (!sameParameters(result.parameters, parameters)) {
      setSynced(result.parameters);
      onChange(result.parameters);
    }
  };

  const add = () => {
    const rowId = newId();
    setAdded(rowId);
    update([...rows, { rowId, key: '', committedKey: null, value: '', description: '' }]);
  };

  // An empty key is only an error once the user has left the field; other problems show at once.
  const shownError = (row: ParameterRow) => {
    const error = errors[row.rowId] ?? null;
    return error && row.key === '' && !touched.has(row.rowId) ? null : error;
  };

  return (
    <div className="flex flex-col gap-4 p-4">
      <p className="text-sm leading-6 text-muted">
        Values you reuse across nodes. Use as <Code>{'{{params.key}}'}</Code> in any field.
      </p>
      {rows.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-line px-6 py-10 text-center">
          <span className="flex size-10 items-center justify-center rounded-full bg-brand-soft text-brand">
            <BracesIcon size={18} />
          </span>
          <p className="mt-3 text-sm font-medium text-ink">No global parameters yet</p>
          <p className="mt-1 max-w-xs text-xs leading-5 text-muted">
            Add a company name, a tone of voice or a recipient once, and change it in one place for the whole workflow.
          </p>
          <Button size="sm" className="mt-4" onClick={add}>
            <PlusIcon size={14} />
            Add parameter
          </Button>
        </div>
      ) : (
        <div className="@container">
          <div
            aria-hidden="true"
            className="hidden grid-cols-[minmax(0,0.9fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_2rem] gap-x-2 border-b border-line px-1 pb-1.5 text-[11px] font-semibold tracking-wide text-subtle uppercase @xl:grid"
          >
            <span>Key</span>
            <span>Value</span>
            <span>Description</span>
          </div>
          <ul aria-label="Global parameters" className="flex flex-col gap-2 @xl:gap-0">
            {rows.map((row, i) => (
              <ParameterRowEditor
                key={row.rowId}
                row={row}
                index={i + 1}
                error={shownError(row)}
                autoFocusKey={row.rowId === added}
                onChange={(next) => update(rows.map((r) => (r.rowId === row.rowId ? next : r)))}
                onDelete={() => update(rows.filter((r) => r.rowId !== row.rowId))}
                onKeyBlur={() => setTouched(new Set(touched).add(row.rowId))}
              />
            ))}
          </ul>
          <Button variant="ghost" size="sm" className="mt-2 -ml-2" onClick={add}>
            <PlusIcon size={14} />
            Add parameter
          </Button>
        </div>
      )}
    </div>
  );
}
