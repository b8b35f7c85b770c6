import { useMemo } from 'react';
import { useNodeDefinitions } from '../api/useNodeDefinitions';
import { DocsToc, type TocEntry } from '../docs/DocsToc';
import { GettingStarted } from '../docs/GettingStarted';
import { GuideConcepts } from '../docs/GuideConcepts';
import { groupByCategory, NodeReference } from '../docs/NodeReference';
import { categoryAnchor, nodeAnchor } from '../docs/node-anchors';
import { DocSection } from '../docs/Prose';
import { useActiveSection } from '../hooks/useActiveSection';
import { Footer } from '../landing/Footer';
import { useDocumentTitle } from '../landing/useDocumentTitle';
import { useScrollToHash } from '../landing/useScrollToHash';

const GUIDE_TOC: readonly TocEntry[] = [
  { id: 'getting-started', label: 'Getting started', depth: 0 },
  { id: 'first-workflow', label: 'Your first workflow', depth: 0 },
  { id: 'data-types', label: 'Data types and converters', depth: 0 },
  { id: 'secrets', label: 'Secrets', depth: 0 },
  { id: 'schedules', label: 'Schedules', depth: 0 },
  { id: 'api', label: 'Triggers and the API', depth: 0 },
  { id: 'node-reference', label: 'Node reference', depth: 0 },
];

/** /docs: the getting-started guide and a node reference built from the server's catalogue. */
export function DocsPage() {
  useDocumentTitle('Docs · Weft');
  const query = useNodeDefinitions();
  const groups = useMemo(() => (query.data ? groupByCategory(query.data.definitions ?? []) : undefined), [query.data]);
  useScrollToHash(!query.isPending);

  const toc = useMemo<TocEntry[]>(() => {
    const entries = [...GUIDE_TOC];
    for (const group of groups ?? []) {
      entries.push({ id: categoryAnchor(group.category), label: group.category, depth: 1 });
      for (const definition of group.definitions) entries.push({ id: nodeAnchor(definition.type), label: definition.title, depth: 2 });
    }
    return entries;
  }, [groups]);
  const ids = useMemo(() => toc.map((entry) => entry.id), [toc]);
  const active = useActiveSection(ids);

  return (
    <div className="flex flex-1 flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto w-full max-w-6xl px-5 py-12 sm:px-8 sm:py-16">
          <p className="text-sm font-semibold text-brand">Documentation</p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-ink sm:text-5xl">Weft documentation</h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-muted sm:text-lg">
            Install Weft, build your first workflow, and look up every node: its ports, settings and behaviour.
          </p>
        </div>
      </header>
      <div className="mx-auto w-full max-w-6xl px-5 py-10 sm:px-8 lg:grid lg:grid-cols-[232px_minmax(0,1fr)] lg:gap-14 lg:py-14">
        <aside className="hidden lg:block">
          <div className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto pb-8">
            <DocsToc entries={toc} active={active} />
          </div>
        </aside>
        <div className="min-w-0 max-w-3xl">
          <details className="group mb-10 rounded-xl border border-line bg-surface p-4 lg:hidden">
            <summary className="cursor-pointer list-none text-sm font-semibold text-ink marker:hidden">
              <span className="inline-flex items-center gap-2">
                <svg
                  width="14"
                  height="14"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  className="transition-transform group-open:rotate-90"
                  aria-hidden="true"
                >
                  <path d="M9 6l6 6-6 6" />
                </svg>
                Contents
              </span>
            </summary>
            <div className="mt-4 max-h-80 overflow-y-auto">
              <DocsToc entries={toc} active={active} label="Contents" />
            </div>
          </details>
          <div className="space-y-16">
            <GettingStarted />
            <GuideConcepts conversions={query.data?.conversions} />
            <DocSection id="node-reference" title="Node reference">
              <p>
                Every node type this server offers, grouped as in the editor’s node library. Nodes marked <em>Inserted automatically</em> don’t appear in the
                library: the editor adds them when a connection needs them.
              </p>
              <NodeReference groups={groups} isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
            </DocSection>
          </div>
        </div>
      </div>
      <Footer />
    </div>
  );
}
