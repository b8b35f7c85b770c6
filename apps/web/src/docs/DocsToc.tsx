export interface TocEntry {
  id: string;
  label: string;
  depth: 0 | 1 | 2;
}

const DEPTH_CLASS = ['pl-3 font-medium', 'pl-6', 'pl-9 text-[13px]'] as const;

/** Table of contents: plain anchor links, with the section being read highlighted. */
export function DocsToc({ entries, active, label = 'On this page' }: { entries: readonly TocEntry[]; active: string | null | undefined; label?: string }) {
  return (
    <nav aria-label={label}>
      <p className="mb-3 px-3 text-xs font-semibold tracking-wide text-subtle uppercase">{label}</p>
      <ul className="space-y-0.5 border-l border-line text-sm">
        {entries.map((entry) => {
          const current = entry.id === active;
          return (
            <li key={entry.id}>
              <a
                href={`#${entry.id}`}
                aria-current={current ? 'location' : undefined}
                className={`-ml-px block border-l py-1 pr-2 transition-colors ${DEPTH_CLASS[entry.depth]} ${
                  current ? 'border-brand text-brand-strong' : 'border-transparent text-muted hover:border-subtle hover:text-ink'
                }`}
              >
                {entry.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
