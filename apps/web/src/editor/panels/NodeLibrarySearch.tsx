import type { KeyboardEvent, Ref } from 'react';
import { CloseIcon, SearchIcon } from '../../components/ui/icons';

export interface NodeLibrarySearchProps {
  query: string;
  onQueryChange(query: string): void;
  /** Arrow Down: move into the results. */
  onFirst(): void;
  /** Enter: add the best match. */
  onSubmit(): void;
  ref?: Ref<HTMLInputElement>;
}

/** The library's search box: "/" hint, clear button, Escape clears, Enter adds the top match. */
export function NodeLibrarySearch({ query, onQueryChange, onFirst, onSubmit, ref }: NodeLibrarySearchProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      onFirst();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Escape') {
      // First Escape clears, the second leaves the box (and the canvas gets keys again).
      if (query) {
        event.stopPropagation();
        onQueryChange('');
      } else event.currentTarget.blur();
    }
  };
  return (
    <div className="relative">
      <SearchIcon size={15} className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-subtle" />
      <input
        ref={ref}
        type="search"
        value={query}
        onChange={(e) => onQueryChange(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Search nodes"
        aria-label="Search nodes"
        aria-keyshortcuts="/"
        autoComplete="off"
        spellCheck={false}
        className="h-9 w-full rounded-lg border border-line bg-surface-2 pr-8 pl-8 text-sm text-ink outline-none transition placeholder:text-subtle focus:border-brand focus:bg-surface focus:ring-3 focus:ring-brand/20 focus-visible:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      {query ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => onQueryChange('')}
          className="absolute top-1/2 right-1.5 flex size-6 -translate-y-1/2 items-center justify-center rounded text-subtle hover:bg-surface-2 hover:text-ink"
        >
          <CloseIcon size={13} />
        </button>
      ) : (
        // A span, not <kbd>: it is decoration (the input names its shortcut), and linters treat kbd as focusable.
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 flex h-5 min-w-5 -translate-y-1/2 items-center justify-center rounded border border-line bg-surface px-1 font-mono text-[11px] text-subtle"
        >
          /
        </span>
      )}
    </div>
  );
}
