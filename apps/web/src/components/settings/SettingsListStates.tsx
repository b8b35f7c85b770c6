import type { ComponentType, ReactNode } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../ui/Button';
import type { IconProps } from '../ui/icons';
import { Skeleton } from '../ui/Skeleton';

const PLACEHOLDER_ROWS = ['first', 'second', 'third', 'fourth'];

/**
 * The loading, error and empty states every list in Settings shows (API keys, secrets,
 * files, collections), so they look and read alike. `what` is the plural: "API keys".
 */
export function SettingsListSkeleton({ what, rows = 2, leadingTile = false }: { what: string; rows?: number; leadingTile?: boolean }) {
  return (
    <div role="status" aria-label={`Loading ${what}`} className="divide-y divide-line rounded-lg border border-line">
      {PLACEHOLDER_ROWS.slice(0, rows).map((row) => (
        <div key={row} className="flex items-center gap-4 px-4 py-3">
          {leadingTile && <Skeleton className="size-8" />}
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-44" />
            <Skeleton className="h-3 w-64 max-w-full" />
          </div>
          <Skeleton className="h-8 w-16" />
        </div>
      ))}
    </div>
  );
}

export function SettingsListError({ what, query }: { what: string; query: { error: unknown; isFetching: boolean; refetch(): unknown } }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-danger">
        Couldn't load your {what}: {errorMessage(query.error)}
      </p>
      <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
        Try again
      </Button>
    </div>
  );
}

export function SettingsListEmpty({ Icon, children }: { Icon: ComponentType<IconProps>; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-dashed border-line px-4 py-5 text-sm text-muted">
      <Icon size={18} className="shrink-0 text-subtle" />
      <p>{children}</p>
    </div>
  );
}
