import { type FileSummary, formatBytes } from '@weft/core';
import { type DragEvent, useRef, useState } from 'react';
import { UploadIcon } from '../ui/icons';
import type { Uploader } from './useUpload';

export interface UploadDropZoneProps {
  uploader: Uploader;
  /** For the file input's `accept` (the picker shows these types first). */
  accept?: string;
  maxBytes?: number;
  onUploaded(file: FileSummary): void;
  /** Id of the button, so a label can point at it. */
  id?: string;
  title?: string;
  /** Ids of the help and error texts. */
  describedBy?: string;
  invalid?: boolean;
}

/**
 * A dashed box that is a button (click or Enter/Space opens the file picker) and a drop
 * target; while a file goes up it shows its name, a progress bar and Cancel.
 */
export function UploadDropZone({ uploader, accept, maxBytes, onUploaded, id, title = 'Upload a file', describedBy, invalid = false }: UploadDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { progress } = uploader;

  const take = async (file: File | undefined) => {
    if (!file) return;
    const stored = await uploader.upload(file);
    if (stored) onUploaded(stored);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!progress) void take(event.dataTransfer.files[0]);
  };

  if (progress) {
    const percent = progress.total > 0 ? Math.min(100, Math.round((progress.sent / progress.total) * 100)) : 0;
    return (
      <div className="rounded-lg border border-line bg-surface-2/60 px-3 py-2.5" data-testid="upload-progress">
        <div className="flex items-center justify-between gap-3 text-sm">
          <p className="min-w-0 truncate text-ink">
            Uploading <span className="font-medium">{progress.name}</span>…
          </p>
          <button type="button" onClick={uploader.cancel} className="shrink-0 text-xs font-medium text-muted hover:text-ink">
            Cancel
          </button>
        </div>
        <div
          role="progressbar"
          aria-label={`Uploading ${progress.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-line"
        >
          <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-1 text-xs text-muted tabular-nums">
          {percent}% · {formatBytes(progress.sent)} of {formatBytes(progress.total)}
        </p>
      </div>
    );
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          void take(event.target.files?.[0]);
          // Choosing the same file again should upload it again.
          event.target.value = '';
        }}
      />
      <button
        id={id}
        type="button"
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className={`flex w-full flex-col items-center gap-1 rounded-lg border border-dashed px-3 py-4 text-center transition-colors ${
          dragging ? 'border-brand bg-brand-soft' : invalid ? 'border-danger/60 hover:bg-surface-2' : 'border-line hover:border-brand/50 hover:bg-surface-2'
        }`}
      >
        <UploadIcon size={18} className="text-subtle" />
        <span className="text-sm font-medium text-ink">{title}</span>
        <span className="text-xs text-muted">or drop it here{maxBytes ? ` · up to ${formatBytes(maxBytes)}` : ''}</span>
      </button>
    </>
  );
}
