import type { CollectionSummary } from '@weft/core';
import { formatBytes } from '../../editor/fields/file-field';
import { useNow } from '../../hooks/useNow';
import { errorMessage } from '../../lib/api';
import { confirmDialog } from '../../stores/confirm.store';
import { RelativeTime } from '../dashboard/RelativeTime';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';
import { DatabaseIcon, TrashIcon } from '../ui/icons';
import { Skeleton } from '../ui/Skeleton';
import { SettingsSection } from './SettingsSection';
import { useCollections } from './useCollections';

/** Settings → Collections: the vector store's collections Embed & Store made; delete only. */
export function CollectionsSection() {
  return (
    <SettingsSection
      id="collections"
      title="Collections"
      description="Documents your workflows stored for retrieval with Embed & Store. Retrievers in any of your workflows can read them."
    >
      <CollectionList />
    </SettingsSection>
  );
}

function CollectionList() {
  const { query, remove } = useCollections();
  const now = useNow();

  const onDelete = async (collection: CollectionSummary) => {
    const confirmed = await confirmDialog({
      title: `Delete "${collection.name}"?`,
      message: `Its ${collection.chunks.toLocaleString()} chunks and their embeddings are removed. Retrievers reading it fail until an Embed & Store fills it again.`,
      confirmLabel: 'Delete collection',
      danger: true,
    });
    if (confirmed) remove.mutate(collection);
  };

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading collections" className="divide-y divide-line rounded-lg border border-line">
        {[0, 1].map((i) => (
          <div key={i} className="flex items-center gap-4 px-4 py-3">
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-40" />
              <Skeleton className="h-3 w-64 max-w-full" />
            </div>
            <Skeleton className="size-8" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-danger">Couldn't load your collections: {errorMessage(query.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-dashed border-line px-4 py-5 text-sm text-muted">
        <DatabaseIcon size={18} className="shrink-0 text-subtle" />
        <p>No collections yet. Run a workflow with an Embed & Store node to make one.</p>
      </div>
    );
  }
  const deletingId = remove.isPending ? remove.variables?.id : undefined;
  return (
    <ul aria-label="Collections" className="divide-y divide-line rounded-lg border border-line">
      {query.data.map((collection) => (
        <li key={collection.id} className="flex items-center gap-4 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-ink">{collection.name}</p>
            <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted">
              <span>{collection.chunks === 1 ? '1 chunk' : `${collection.chunks.toLocaleString()} chunks`}</span>
              <span className="truncate" title={collection.model ?? undefined}>
                {collection.model ? `${collection.model} · ${collection.dimensions} dimensions` : 'Keyword search only'}
              </span>
              <span>{formatBytes(collection.sizeBytes)}</span>
              <span>
                Updated <RelativeTime value={collection.updatedAt} now={now} />
              </span>
            </p>
          </div>
          <IconButton label={`Delete ${collection.name}`} danger onClick={() => void onDelete(collection)} disabled={deletingId === collection.id}>
            <TrashIcon size={16} />
          </IconButton>
        </li>
      ))}
    </ul>
  );
}
