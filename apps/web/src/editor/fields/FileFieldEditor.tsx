import { type DragEvent, useRef, useState } from 'react';
import { FileIcon, TrashIcon, UploadIcon } from '../../components/ui/icons';
import { describedBy, FieldShell } from './FieldShell';
import { chipButton } from './field-styles';
import { type FileFieldValue, fileSizeProblem, formatBytes, isFileFieldValue, MAX_FILE_BYTES } from './file-field';
import type { FieldEditorProps } from './types';

function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length;
}

/**
 * A `file` field: choose or drop a file; it is read as text (up to 1 MB) into the config
 * as `{ name, size, content }`. A larger file is refused with a message and the current
 * file stays.
 */
export function FileFieldEditor({ field, value, onChange, id, error }: FieldEditorProps<'file'>) {
  const input = useRef<HTMLInputElement>(null);
  const [ownError, setOwnError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const file = isFileFieldValue(value) ? value : null;

  const take = async (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = fileSizeProblem(chosen.name, chosen.size);
    setOwnError(problem);
    if (problem) return;
    setReading(true);
    try {
      const next: FileFieldValue = { name: chosen.name, size: chosen.size, content: await chosen.text() };
      onChange(next);
    } catch {
      setOwnError(`“${chosen.name}” could not be read. Try choosing it again.`);
    } finally {
      setReading(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  const shownError = ownError ?? error;
  const hint = `Read as text, up to ${formatBytes(MAX_FILE_BYTES)}.${field.accept ? ` Accepts ${field.accept.split(',').join(', ')}.` : ''}`;
  return (
    <FieldShell id={id} label={field.label} required={field.required} description={field.description} error={shownError} hint={hint}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={field.accept}
        className="sr-only"
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy(id, { description: field.description, error: shownError, hint })}
        onChange={(e) => {
          void take(e.target.files?.[0]);
          // Choosing the same file again should read it again.
          e.target.value = '';
        }}
      />
      {file ? (
        <div className="flex items-center gap-3 rounded-lg border border-line bg-surface-2/60 py-2 pr-2 pl-3">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-brand-soft text-brand">
            <FileIcon size={16} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-ink" title={file.name}>
              {file.name}
            </p>
            <p className="text-xs text-muted tabular-nums">
              {formatBytes(file.size)} · {lineCount(file.content).toLocaleString()} lines
            </p>
          </div>
          <button type="button" className={chipButton} onClick={() => input.current?.click()} disabled={reading}>
            Replace
          </button>
          <button
            type="button"
            aria-label={`Remove ${file.name}`}
            title="Remove file"
            className="inline-flex size-7 items-center justify-center rounded-md text-subtle transition-colors hover:bg-surface hover:text-danger"
            onClick={() => {
              setOwnError(null);
              onChange(undefined);
            }}
          >
            <TrashIcon size={14} />
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => input.current?.click()}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          disabled={reading}
          aria-describedby={describedBy(id, { description: field.description, error: shownError, hint })}
          className={`flex w-full flex-col items-center gap-1 rounded-lg border border-dashed px-3 py-4 text-center transition-colors ${
            dragging
              ? 'border-brand bg-brand-soft'
              : shownError
                ? 'border-danger/60 hover:bg-surface-2'
                : 'border-line hover:border-brand/50 hover:bg-surface-2'
          }`}
        >
          <UploadIcon size={18} className="text-subtle" />
          <span className="text-sm font-medium text-ink">{reading ? 'Reading…' : 'Choose a file'}</span>
          <span className="text-xs text-muted">or drop it here</span>
        </button>
      )}
    </FieldShell>
  );
}
