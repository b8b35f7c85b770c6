import { isCustomNodeType, type NodeDefinition } from '@weft/core';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { IconButton } from '../../components/ui/IconButton';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon, SearchIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/Skeleton';
import { CustomNodeItemActions } from '../custom-nodes/CustomNodeItemActions';
import { useCustomNodeActions } from '../custom-nodes/useCustomNodeActions';
import { libraryGroups } from './library-search';
import { NodeLibraryGroup } from './NodeLibraryGroup';
import { NodeLibrarySearch } from './NodeLibrarySearch';
import { useFocusShortcut } from './useFocusShortcut';

export interface NodeLibraryPanelProps {
  /** Every definition from the server; hidden ones (converters) are left out here. */
  definitions: readonly NodeDefinition[];
  /** Collapsed: a slim rail with expand and search buttons. */
  collapsed: boolean;
  onToggleCollapsed(): void;
  /** Add a node of this type (click or Enter); the editor picks the position. */
  onAdd(type: string): void;
  /** Definitions are still loading and none are cached: show placeholders. */
  isLoading?: boolean;
  /** Loading failed and there is nothing to show: the message, with `onRetry`. */
  error?: string | null;
  onRetry?(): void;
}

/** Moves focus between library items with the arrow keys, Home and End. */
function moveFocus(from: HTMLElement, key: string, container: HTMLElement | null, search: HTMLInputElement | null): boolean {
  const items = Array.from(container?.querySelectorAll<HTMLElement>('[data-library-item]') ?? []);
  const index = items.indexOf(from);
  const target =
    key === 'ArrowDown'
      ? items[index + 1]
      : key === 'ArrowUp'
        ? index <= 0
          ? search
          : items[index - 1]
        : key === 'Home'
          ? items[0]
          : key === 'End'
            ? items.at(-1)
            : undefined;
  target?.focus();
  return target !== undefined;
}

/**
 * The node library: searchable ("/" focuses the search), grouped by category in
 * collapsible groups; items add on click or Enter and can be dragged onto the canvas
 * (`application/weft-node-type`). Collapsed, it is a slim rail.
 */
export function NodeLibraryPanel({ definitions, collapsed, onToggleCollapsed, onAdd, isLoading = false, error, onRetry }: NodeLibraryPanelProps) {
  const [query, setQuery] = useState('');
  const [closedGroups, setClosedGroups] = useState<ReadonlySet<string>>(new Set());
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const focusAfterExpand = useRef(false);
  const groups = useMemo(() => libraryGroups(definitions, query), [definitions, query]);
  // The user's own node types: made, edited and deleted from here (custom-nodes/).
  const custom = useCustomNodeActions();
  const customItemActions = (definition: NodeDefinition) =>
    isCustomNodeType(definition.type) ? <CustomNodeItemActions definition={definition} actions={custom} /> : null;
  const matchCount = groups.reduce((n, g) => n + g.definitions.length, 0);
  const searching = query.trim() !== '';

  const focusSearch = () => {
    if (collapsed) {
      focusAfterExpand.current = true;
      onToggleCollapsed();
    } else search.current?.focus();
  };
  useFocusShortcut('/', focusSearch);
  useEffect(() => {
    if (!collapsed && focusAfterExpand.current) {
      focusAfterExpand.current = false;
      search.current?.focus();
    }
  }, [collapsed]);

  const toggleGroup = (category: string) => {
    const next = new Set(closedGroups);
    if (!next.delete(category)) next.add(category);
    setClosedGroups(next);
  };

  const onItemKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (moveFocus(event.currentTarget, event.key, list.current, search.current)) event.preventDefault();
  };

  if (collapsed) {
    return (
      <aside aria-label="Node library" className="flex h-full w-12 shrink-0 flex-col items-center gap-1 border-r border-line bg-surface py-2">
        <IconButton label="Expand node library" onClick={onToggleCollapsed}>
          <ChevronRightIcon size={16} />
        </IconButton>
        <IconButton label="Search nodes" title="Search nodes (/)" onClick={focusSearch}>
          <SearchIcon size={16} />
        </IconButton>
        <span aria-hidden="true" className="mt-3 text-[11px] font-semibold tracking-wider text-subtle uppercase [writing-mode:vertical-rl]">
          Nodes
        </span>
        {custom.dialog}
      </aside>
    );
  }

  return (
    <aside aria-label="Node library" className="flex h-full w-72 shrink-0 flex-col border-r border-line bg-surface">
      <div className="flex items-center justify-between gap-2 px-3 pt-3">
        <h2 className="text-sm font-semibold text-ink">Nodes</h2>
        <div className="-mr-1.5 flex items-center">
          <IconButton label="New custom node" onClick={custom.openNew}>
            <PlusIcon size={16} />
          </IconButton>
          <IconButton label="Collapse node library" onClick={onToggleCollapsed}>
            <ChevronLeftIcon size={16} />
          </IconButton>
        </div>
      </div>
      <div className="px-3 pt-2 pb-2">
        <NodeLibrarySearch
          ref={search}
          query={query}
          onQueryChange={setQuery}
          onFirst={() => list.current?.querySelector<HTMLElement>('[data-library-item]')?.focus()}
          onSubmit={() => {
            const first = groups[0]?.definitions[0];
            if (first) onAdd(first.type);
          }}
        />
        <p aria-live="polite" className="sr-only">
          {searching ? `${matchCount} ${matchCount === 1 ? 'node matches' : 'nodes match'}` : ''}
        </p>
      </div>
      <div ref={list} className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {isLoading && definitions.length === 0 ? (
          <LibrarySkeleton />
        ) : error && definitions.length === 0 ? (
          <div role="alert" className="mx-1 mt-2 rounded-lg border border-danger/30 bg-danger/5 p-3 text-sm">
            <p className="font-medium text-ink">Couldn’t load the nodes</p>
            <p className="mt-1 text-xs text-muted">{error}</p>
            {onRetry && (
              <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
                Try again
              </Button>
            )}
          </div>
        ) : groups.length === 0 ? (
          <div className="flex flex-col items-center px-4 py-10 text-center">
            <span className="flex size-9 items-center justify-center rounded-full bg-surface-2 text-subtle">
              <SearchIcon size={16} />
            </span>
            <p className="mt-3 text-sm font-medium text-ink">{searching ? 'No nodes match' : 'No nodes available'}</p>
            <p className="mt-1 text-xs leading-5 break-words text-muted">
              {searching ? `Nothing matches “${query.trim()}”. Try a shorter word or a data type like “text”.` : 'This server offers no node types.'}
            </p>
            {searching && (
              <Button variant="ghost" size="sm" className="mt-3" onClick={() => setQuery('')}>
                Clear search
              </Button>
            )}
          </div>
        ) : (
          groups.map((group) => (
            <NodeLibraryGroup
              key={group.category}
              group={group}
              query={query}
              open={searching || !closedGroups.has(group.category)}
              onToggle={searching ? undefined : () => toggleGroup(group.category)}
              onAdd={onAdd}
              onItemKeyDown={onItemKeyDown}
              itemActions={customItemActions}
            />
          ))
        )}
        {!isLoading && !searching && (
          <Button variant="ghost" size="sm" className="mt-2 w-full justify-start" onClick={custom.openNew}>
            <PlusIcon size={14} /> New custom node
          </Button>
        )}
      </div>
      <p className="border-t border-line px-3 py-2 text-[11px] leading-4 text-subtle">Drag onto the canvas, or click to add.</p>
      {custom.dialog}
    </aside>
  );
}

function LibrarySkeleton() {
  return (
    <div role="status" aria-label="Loading nodes" className="space-y-3 px-2 pt-2">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex gap-2.5">
          <Skeleton className="size-7 shrink-0" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-3.5 w-2/3" />
            <Skeleton className="h-3 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
