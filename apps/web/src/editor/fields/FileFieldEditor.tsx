import { type FileSummary, fileIdOf, formatBytes, type InlineFileValue, inlineFileOf, uploadTypeLabel } from '@weft/core';
import { type DragEvent, useState } from 'react';
import { useFiles } from '../../api/useFiles';
import { UploadDropZone } from '../../components/files/UploadDropZone';
import { useUpload } from '../../components/files/useUpload';
import { chipButton } from '../../components/ui/control-styles';
import { AlertTriangleIcon, CloseIcon, FileIcon } from '../../components/ui/icons';
import { SelectControl } from '../../components/ui/SelectControl';
import { describedBy, FieldShell } from './FieldShell';
import { filesForField } from './file-field';
import { SettingsLink } from './SettingsLink';
import type { FieldEditorProps } from './types';

/**
 * A `file` field: choose one of your uploads or upload a new one (button or drop). The
 * config holds the upload's id; the bytes stay on the server, where runs read them.
 */
export function FileFieldEditor({ field, value, onChange, id, error }: FieldEditorProps<'file'>) {
  const { query } = useFiles();
  const maxBytes = query.data?.maxBytes;
  const uploader = useUpload({ accept: field.accept, maxBytes });
  const [choosing, setChoosing] = useState(false);
  const [dragging, setDragging] = useState(false);

  const chosenId = fileIdOf(value);
  const files = query.data ? filesForField(query.data.files, field.accept) : [];
  const chosen = chosenId ? query.data?.files.find((f) => f.id === chosenId) : undefined;
  const missing = chosenId !== undefined && query.isSuccess && !chosen;
  const inline = inlineFileOf(value) ?? null;

  const shownError = uploader.error ?? (query.isError ? `Your files could not be loaded: ${query.error.message}` : null) ?? error;
  const hint = (
    <>
      {maxBytes ? `Up to ${formatBytes(maxBytes)}, stored on the server. ` : 'Stored on the server. '}
      <SettingsLink section="files">Manage files in Settings</SettingsLink>
    </>
  );
  const describe = describedBy(id, { description: field.description, error: shownError, hint });

  const take = (file: FileSummary) => {
    uploader.clearError();
    onChange(file.id);
    setChoosing(false);
  };
  // Dropping on the chosen file's card replaces it, as the drop zone would.
  const onCardDrop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!dropped || uploader.progress) return;
    const stored = await uploader.upload(dropped);
    if (stored) take(stored);
  };

  const hasValue = chosenId !== undefined || inline !== null;
  const showChooser = choosing || !hasValue || uploader.progress !== null;
  return (
    <FieldShell id={id} label={field.label} required={field.required} description={field.description} error={shownError} hint={hint}>
      {hasValue && (
        <section
          aria-label={`Chosen file for ${field.label}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => void onCardDrop(event)}
          className={`flex items-center gap-3 rounded-lg border py-2 pr-2 pl-3 transition-colors ${
            dragging ? 'border-brand bg-brand-soft' : missing ? 'border-warn/50 bg-surface-2/60' : 'border-line bg-surface-2/60'
          }`}
        >
          <span className={`flex size-8 shrink-0 items-center justify-center rounded-md ${missing ? 'bg-surface text-warn' : 'bg-brand-soft text-brand'}`}>
            {missing ? <AlertTriangleIcon size={16} /> : <FileIcon size={16} />}
          </span>
          <div className="min-w-0 flex-1">
            <ChosenFileText chosen={chosen} inline={inline} missing={missing} loading={query.isPending} />
          </div>
          <button
            type="button"
            className={chipButton}
            aria-expanded={choosing}
            onClick={() => {
              uploader.clearError();
              setChoosing(!choosing);
            }}
            disabled={uploader.progress !== null}
          >
            {choosing ? 'Keep' : 'Change'}
          </button>
          <button
            type="button"
            aria-label={`Remove ${chosen?.name ?? inline?.name ?? 'the file'} from ${field.label}`}
            title="Remove file"
            className="inline-flex size-7 items-center justify-center rounded-md text-subtle transition-colors hover:bg-surface hover:text-danger"
            onClick={() => {
              uploader.clearError();
              setChoosing(false);
              onChange(undefined);
            }}
          >
            <CloseIcon size={14} />
          </button>
        </section>
      )}
      {showChooser && (
        <div className="flex flex-col gap-2">
          {files.length > 0 && !uploader.progress && (
            <SelectControl
              roomy
              invalid={!!error}
              id={id}
              // A chosen file is on the card above; the list offers the others.
              value=""
              onChange={(event) => {
                const picked = files.find((f) => f.id === event.target.value);
                if (picked) take(picked);
              }}
              aria-invalid={error ? true : undefined}
              aria-required={field.required || undefined}
              aria-describedby={describe}
            >
              <option value="" disabled>
                {hasValue ? 'Choose another uploaded file…' : 'Choose an uploaded file…'}
              </option>
              {files.map((file) => (
                <option key={file.id} value={file.id}>
                  {file.name} ({formatBytes(file.size)})
                </option>
              ))}
            </SelectControl>
          )}
          <UploadDropZone
            uploader={uploader}
            accept={field.accept}
            maxBytes={maxBytes}
            onUploaded={take}
            {...(files.length > 0 ? {} : { id })}
            title={files.length > 0 ? 'Upload a new file' : 'Upload a file'}
            describedBy={describe}
            invalid={!!shownError}
          />
        </div>
      )}
    </FieldShell>
  );
}

/** The chosen file's name and size, or why it cannot be shown. */
function ChosenFileText({ chosen, inline, missing, loading }: { chosen?: FileSummary; inline: InlineFileValue | null; missing: boolean; loading: boolean }) {
  if (chosen) {
    return (
      <>
        <p className="truncate text-sm font-medium text-ink" title={chosen.name}>
          {chosen.name}
        </p>
        <p className="text-xs text-muted tabular-nums">
          {formatBytes(chosen.size)} · {uploadTypeLabel(chosen.mimeType)}
        </p>
      </>
    );
  }
  if (inline) {
    return (
      <>
        <p className="truncate text-sm font-medium text-ink" title={inline.name}>
          {inline.name}
        </p>
        <p className="text-xs text-muted">Kept inside the workflow by an older version of Weft. Upload it again to store it with your files.</p>
      </>
    );
  }
  if (missing) {
    return (
      <>
        <p className="text-sm font-medium text-ink">File not found</p>
        <p className="text-xs text-muted">It was deleted. Choose or upload another.</p>
      </>
    );
  }
  return <p className="text-sm text-muted">{loading ? 'Loading your files…' : 'Your files could not be loaded.'}</p>;
}
