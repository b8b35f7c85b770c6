import type { NodeDefinition } from '@weft/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { ChevronDownIcon } from '../../components/ui/icons';
import { categorySwatch } from '../../lib/palette';
import type { LibraryGroup } from './library-search';
import { NodeLibraryItem } from './NodeLibraryItem';

export interface NodeLibraryGroupProps {
  group: LibraryGroup;
  /** The search, for highlighting. */
  query: string;
  open: boolean;
  /** Omitted while searching: every group with matches stays open. */
  onToggle?(): void;
  onAdd(type: string): void;
  onItemKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
  /** Extra controls beside an entry (edit and delete for custom nodes), or nothing. */
  itemActions?(definition: NodeDefinition): ReactNode;
}

/** One category of the library with a header that folds it. */
export function NodeLibraryGroup({ group, query, open, onToggle, onAdd, onItemKeyDown, itemActions }: NodeLibraryGroupProps) {
  const swatch = categorySwatch(group.category);
  const listId = `library-group-${group.category.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-label={group.category} className="mt-2 first:mt-0">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={onToggle}
          disabled={!onToggle}
          className="flex h-7 w-full items-center gap-1.5 rounded-md px-1.5 text-left text-[11px] font-semibold tracking-wide text-subtle uppercase hover:bg-surface-2 hover:text-muted disabled:pointer-events-none"
        >
          <ChevronDownIcon size={13} className={`transition-transform ${open ? '' : '-rotate-90'}`} />
          <span aria-hidden="true" className={`size-1.5 rounded-full ${swatch.dot}`} />
          <span className="flex-1">{group.category}</span>
          <span className="font-medium tabular-nums">{group.definitions.length}</span>
        </button>
      </h3>
      {open && (
        <ul id={listId} className="mt-0.5 space-y-0.5">
          {group.definitions.map((definition) => (
            <li key={definition.type} className="group/entry relative">
              <NodeLibraryItem definition={definition} query={query} onAdd={onAdd} onKeyDown={onItemKeyDown} />
              {itemActions?.(definition)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
