import { useState } from 'react';
import { ChevronDownIcon, SearchIcon } from '../ui/icons';
import { OptionList } from '../ui/SelectControl';
import { inputClasses } from '../ui/TextField';
import { WorkflowTable } from './WorkflowTable';
import { orderWorkflows, WORKFLOW_SORTS, type WorkflowSort } from './workflow-list-order';
import type { WorkflowSummary } from './workflow-summary';

/** The workflows table with a search box and a sort order above it. */
export function WorkflowList({ workflows }: { workflows: WorkflowSummary[] }) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<WorkflowSort>('updated');
  const shown = orderWorkflows(workflows, query, sort);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-0 flex-1 sm:max-w-xs">
          <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-subtle" />
          <input
            type="search"
            aria-label="Search workflows"
            placeholder="Search workflows"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setQuery('');
            }}
            className={`${inputClasses} h-9 pl-9`}
          />
        </div>
        <label className="ml-auto flex items-center gap-2 text-sm text-muted">
          Sort by
          <span className="relative">
            <select
              aria-label="Sort workflows by"
              value={sort}
              onChange={(e) => setSort(e.target.value as WorkflowSort)}
              // Chromium counts a select as read-only, which inputClasses greys out.
              className={`${inputClasses} h-9 w-36 cursor-pointer appearance-none pr-8 read-only:bg-surface! read-only:text-ink!`}
            >
              <OptionList options={WORKFLOW_SORTS} />
            </select>
            <ChevronDownIcon size={14} className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-subtle" />
          </span>
        </label>
      </div>
      {shown.length === 0 ? (
        <p role="status" className="rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center text-sm text-muted">
          No workflow’s name contains “{query.trim()}”.
        </p>
      ) : (
        <WorkflowTable workflows={shown} />
      )}
    </div>
  );
}
