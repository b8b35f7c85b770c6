import { type FileSummary, formatBytes, UPLOAD_ACCEPT, uploadTypeLabel } from '@weft/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { fileDownloadUrl, useFiles } from '../../api/useFiles';
import { useNow } from '../../hooks/useNow';
import { confirmDialog } from '../../stores/confirm.store';
import { toast } from '../../stores/toast.store';
import { RelativeTime } from '../dashboard/RelativeTime';
import { UploadDropZone } from '../files/UploadDropZone';
import { useUpload } from '../files/useUpload';
import { IconButton } from '../ui/IconButton';
import { AlertCircleIcon, DownloadIcon, FileIcon, TrashIcon } from '../ui/icons';
import { SettingsListEmpty, SettingsListError, SettingsListSkeleton } from './SettingsListStates';
import { SettingsSection } from './SettingsSection';

/** Settings → Files (docs/API.md "Files"): upload, list with the workflows using each, download, delete. */
export function FilesSection() {
  return (
    <SettingsSection
      id="files"
      title="Files"
      description="Documents your workflows read, such as a Document Loader's file. They are stored on this server and only you can use them."
    >
      <FilesManager />
    </SettingsSection>
  );
}

/** "“Handbook” and “FAQ bot”" */
function workflowNames(file: FileSummary): string {
  const names = file.usedBy.map((w) => `“${w.name}”`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function FilesManager() {
  const { query, remove } = useFiles();
  const maxBytes = query.data?.maxBytes;
  const uploader = useUpload({ maxBytes });

  const onDelete = async (file: FileSummary) => {
    const inUse = file.usedBy.length > 0;
    const confirmed = await confirmDialog({
      title: `Delete “${file.name}”?`,
      message: inUse
        ? `${file.usedBy.length === 1 ? 'The workflow' : 'The workflows'} ${workflowNames(file)} ${file.usedBy.length === 1 ? 'uses' : 'use'} it and will fail until you choose another file. This cannot be undone.`
        : 'No workflow uses it. This cannot be undone.',
      confirmLabel: 'Delete file',
      danger: true,
    });
    if (confirmed) remove.mutate(file);
  };

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <UploadDropZone
          uploader={uploader}
          accept={UPLOAD_ACCEPT}
          maxBytes={maxBytes}
          onUploaded={(file) => toast.success(`“${file.name}” uploaded`)}
          describedBy={uploader.error ? 'files-upload-help files-upload-error' : 'files-upload-help'}
          invalid={uploader.error !== null}
        />
        {uploader.error && (
          <p id="files-upload-error" role="alert" className="flex items-start gap-1.5 text-xs leading-5 text-danger">
            <AlertCircleIcon size={13} className="mt-[3px] shrink-0" />
            <span>{uploader.error}</span>
          </p>
        )}
        <p id="files-upload-help" className="text-xs leading-5 text-muted">
          PDF, Word (.docx), Excel (.xlsx), text, Markdown, CSV, JSON and HTML. The type is checked from the content, not only the name.
        </p>
      </div>
      <FileList query={query} deletingId={remove.isPending ? remove.variables?.id : undefined} onDelete={(file) => void onDelete(file)} />
    </div>
  );
}

function FileList({
  query,
  deletingId,
  onDelete,
}: {
  query: ReturnType<typeof useFiles>['query'];
  deletingId: string | undefined;
  onDelete(file: FileSummary): void;
}) {
  const now = useNow();
  if (query.isPending) return <SettingsListSkeleton what="files" leadingTile />;
  if (query.isError) return <SettingsListError what="files" query={query} />;
  if (query.data.files.length === 0) {
    return <SettingsListEmpty Icon={FileIcon}>No files yet. Upload one above, or from a Document Loader's File field in the editor.</SettingsListEmpty>;
  }
  return (
    <ul aria-label="Files" className="divide-y divide-line rounded-lg border border-line">
      {query.data.files.map((file) => (
        <li key={file.id} className="flex items-center gap-3 px-4 py-3">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-brand-soft text-brand">
            <FileIcon size={16} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-ink" title={file.name}>
              {file.name}
            </p>
            <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted">
              <span>{uploadTypeLabel(file.mimeType)}</span>
              <span className="tabular-nums">{formatBytes(file.size)}</span>
              <span>
                Uploaded <RelativeTime value={file.createdAt} now={now} />
              </span>
            </p>
            <p className="mt-0.5 truncate text-xs text-muted">
              {file.usedBy.length === 0 ? (
                'Not used by a workflow'
              ) : (
                <>
                  Used by{' '}
                  {file.usedBy.map((workflow, index) => (
                    <Fragment key={workflow.id}>
                      {index > 0 && ', '}
                      <Link to={`/workflow/${encodeURIComponent(workflow.id)}`} className="font-medium text-brand underline-offset-2 hover:underline">
                        {workflow.name}
                      </Link>
                    </Fragment>
                  ))}
                </>
              )}
            </p>
          </div>
          <a
            href={fileDownloadUrl(file)}
            download={file.name}
            aria-label={`Download ${file.name}`}
            title={`Download ${file.name}`}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-ink"
          >
            <DownloadIcon size={16} />
          </a>
          <IconButton label={`Delete ${file.name}`} danger onClick={() => onDelete(file)} disabled={deletingId === file.id}>
            <TrashIcon size={16} />
          </IconButton>
        </li>
      ))}
    </ul>
  );
}
