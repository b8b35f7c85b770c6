import { controlClasses } from '../../components/ui/control-styles';
import { IconButton } from '../../components/ui/IconButton';
import { AlertCircleIcon, CheckIcon, CopyIcon, TrashIcon } from '../../components/ui/icons';
import { useCopyToClipboard } from '../../hooks/useCopyToClipboard';
import { AutoTextarea } from '../fields/AutoTextarea';
import type { ParameterRow } from './parameter-rows';

export interface ParameterRowEditorProps {
  row: ParameterRow;
  /** 1-based, for the inputs' accessible names. */
  index: number;
  error: string | null;
  onChange(row: ParameterRow): void;
  onDelete(): void;
  onKeyBlur(): void;
  /** Focus the key input on mount (a row just added). */
  autoFocusKey?: boolean;
}

const cell = 'h-8 px-2.5 text-[13px]';

/**
 * A field's visible name in the narrow (card) layout; the wide one has the table's header
 * instead. The inputs keep their fuller accessible names ("Value of parameter feedUrl").
 */
function FieldLabel({ htmlFor, children, aside }: { htmlFor: string; children: string; aside?: string }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 flex items-baseline justify-between text-[11px] font-medium text-muted @xl:sr-only">
      {children}
      {aside && <span className="font-normal text-subtle">{aside}</span>}
    </label>
  );
}

/**
 * One parameter: key, value, description, delete. Laid out as a table row when the
 * panel is wide and as a small card when it is narrow (container query on the list).
 */
export function ParameterRowEditor({ row, index, error, onChange, onDelete, onKeyBlur, autoFocusKey }: ParameterRowEditorProps) {
  // Clipboard can be refused; the usage text is visible anyway.
  const { copied, copy } = useCopyToClipboard(1200);
  const usage = `{{params.${row.committedKey ?? (row.key || 'key')}}}`;
  const errorId = `param-${row.rowId}-error`;
  const fieldId = (name: string) => `param-${row.rowId}-${name}`;

  return (
    <li className="grid grid-cols-[1fr_auto] gap-x-2 gap-y-1.5 rounded-lg border border-line p-2.5 @xl:grid-cols-[minmax(0,0.9fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_auto] @xl:items-start @xl:rounded-none @xl:border-0 @xl:border-b @xl:px-1 @xl:py-2">
      <div className="min-w-0">
        <FieldLabel htmlFor={fieldId('key')}>Key</FieldLabel>
        <input
          id={fieldId('key')}
          // biome-ignore lint/a11y/noAutofocus: the user just added this row and will name it next.
          autoFocus={autoFocusKey}
          value={row.key}
          onChange={(e) => onChange({ ...row, key: e.target.value })}
          onBlur={onKeyBlur}
          placeholder="key"
          aria-label={`Key of parameter ${index}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          spellCheck={false}
          autoComplete="off"
          className={controlClasses(!!error, `${cell} font-mono`)}
        />
        {error ? (
          <p id={errorId} className="mt-1 flex items-start gap-1 text-xs leading-4 text-danger">
            <AlertCircleIcon size={12} className="mt-0.5 shrink-0" />
            {error}
          </p>
        ) : (
          <button
            type="button"
            onClick={() => void copy(usage)}
            title="Copy to use in a field"
            className="mt-1 inline-flex max-w-full items-center gap-1 rounded px-1 font-mono text-[11px] text-subtle hover:bg-surface-2 hover:text-brand"
          >
            {copied ? <CheckIcon size={11} className="shrink-0 text-ok" /> : <CopyIcon size={11} className="shrink-0" />}
            <span className="truncate">{copied ? 'Copied' : usage}</span>
          </button>
        )}
      </div>
      <div className="col-start-2 row-start-1 mt-5 @xl:col-start-4 @xl:mt-0">
        <IconButton label={`Delete parameter ${row.key || index}`} danger onClick={onDelete} className="size-8">
          <TrashIcon size={14} />
        </IconButton>
      </div>
      <div className="col-span-2 min-w-0 @xl:col-span-1 @xl:col-start-2 @xl:row-start-1">
        <FieldLabel htmlFor={fieldId('value')}>Value</FieldLabel>
        <AutoTextarea
          id={fieldId('value')}
          value={row.value}
          minRows={1}
          onChange={(e) => onChange({ ...row, value: e.target.value })}
          aria-label={`Value of parameter ${row.key || index}`}
          className={controlClasses(false, 'block px-2.5 py-1 text-[13px] leading-[22px]')}
        />
      </div>
      <div className="col-span-2 min-w-0 @xl:col-span-1 @xl:col-start-3 @xl:row-start-1">
        <FieldLabel htmlFor={fieldId('description')} aside="Optional">
          Description
        </FieldLabel>
        <input
          id={fieldId('description')}
          value={row.description}
          onChange={(e) => onChange({ ...row, description: e.target.value })}
          placeholder="What it is for"
          aria-label={`Description of parameter ${row.key || index}`}
          className={controlClasses(false, cell)}
        />
      </div>
    </li>
  );
}
