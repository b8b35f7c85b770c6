import { type CollectionSummary, formatBytes } from '@weft/core';
import { useCollections } from '../../api/useCollections';
import { useNow } from '../../hooks/useNow';
import { confirmDialog } from '../../stores/confirm.store';
import { RelativeTime } from '../dashboard/RelativeTime';
import { IconButton } from '../ui/IconButton';
import { DatabaseIcon, TrashIcon } from '../ui/icons';
import { SettingsListEmpty, SettingsListError, SettingsListSkeleton } from './SettingsListStates';
import { SettingsSection } from './SettingsSection';

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

  if (query.isPending) return <SettingsListSkeleton what="collections" />;
  if (query.isError) return <SettingsListError what="collections" query={query} />;
  if (query.data.length === 0) {
    return <SettingsListEmpty Icon={DatabaseIcon}>No collections yet. Run a workflow with an Embed & Store node to make one.</SettingsListEmpty>;
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
