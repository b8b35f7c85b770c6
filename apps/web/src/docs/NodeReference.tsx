import { NODE_CATEGORIES, type NodeDefinition } from '@weft/core';
import { Button } from '../components/ui/Button';
import { Spinner } from '../components/ui/Spinner';
import { errorMessage } from '../lib/api';
import { categorySwatch } from '../lib/palette';
import { NodeDoc } from './NodeDoc';
import { categoryAnchor } from './node-anchors';

export interface CategoryGroup {
  category: string;
  definitions: NodeDefinition[];
}

/** Definitions grouped by category, in library order; unknown categories go last. */
export function groupByCategory(definitions: readonly NodeDefinition[]): CategoryGroup[] {
  const groups = new Map<string, NodeDefinition[]>();
  for (const definition of definitions) {
    const list = groups.get(definition.category) ?? [];
    list.push(definition);
    groups.set(definition.category, list);
  }
  const order = (category: string) => {
    const index = (NODE_CATEGORIES as readonly string[]).indexOf(category);
    return index === -1 ? NODE_CATEGORIES.length : index;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([category, list]) => ({ category, definitions: [...list].sort((a, b) => Number(a.hidden ?? false) - Number(b.hidden ?? false)) }));
}

interface NodeReferenceProps {
  groups: CategoryGroup[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry(): void;
}

export function NodeReference({ groups, isPending, error, onRetry }: NodeReferenceProps) {
  if (isPending) {
    return (
      <div className="flex items-center gap-3 rounded-xl border border-line bg-surface p-6 text-sm text-muted">
        <Spinner size={18} label="Loading node reference" />
        Loading node reference…
      </div>
    );
  }
  if (error || !groups) {
    return (
      <div role="alert" className="rounded-xl border border-danger/30 bg-danger/5 p-6">
        <p className="font-medium text-ink">Couldn’t load the node reference</p>
        <p className="mt-1 text-sm text-muted">{errorMessage(error, 'The server did not answer. Please try again.')}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (groups.length === 0) return <p className="text-sm text-muted">This server has no node types installed.</p>;
  return (
    <div className="space-y-14">
      {groups.map((group) => (
        <section key={group.category} aria-labelledby={categoryAnchor(group.category)}>
          <h3 id={categoryAnchor(group.category)} className="flex scroll-mt-24 items-center gap-2.5 text-xl font-semibold tracking-tight text-ink">
            <span className={`h-3 w-3 rounded ${categorySwatch(group.category).dot}`} aria-hidden="true" />
            {group.category}
            <span className="text-sm font-normal text-subtle">
              {group.definitions.length} {group.definitions.length === 1 ? 'node' : 'nodes'}
            </span>
          </h3>
          <div className="mt-5 space-y-5">
            {group.definitions.map((definition) => (
              <NodeDoc key={definition.type} definition={definition} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
