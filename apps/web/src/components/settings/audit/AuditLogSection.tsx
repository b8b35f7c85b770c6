import { useId, useState } from 'react';
import { type AuditEntry, type AuditFilters, type AuditWorkspace, auditExportUrl, useAuditPages, useAuditPeople } from '../../../api/useAuditLog';
import { useWorkspaces } from '../../../api/useWorkspaces';
import { formatExactTime } from '../../../lib/relative-time';
import { useWorkspaceStore } from '../../../stores/workspace.store';
import { buttonClasses } from '../../ui/Button';
import { controlClasses } from '../../ui/control-styles';
import { DataTable } from '../../ui/DataTable';
import { FilterSelect } from '../../ui/FilterSelect';
import { HistoryIcon } from '../../ui/icons';
import { LoadMore } from '../../ui/LoadMore';
import { TableSkeleton } from '../../ui/TableSkeleton';
import { td } from '../../ui/table-styles';
import { SettingsListEmpty, SettingsListError } from '../SettingsListStates';
import { SettingsSection } from '../SettingsSection';
import { AuditRetentionForm } from './AuditRetentionForm';
import { AUDIT_ACTION_CHOICES, actionLabel, peopleIn, targetText } from './audit-labels';

const COLUMNS = [
  { label: 'Time', className: 'w-44' },
  { label: 'Who', className: 'hidden w-56 sm:table-cell' },
  { label: 'Action', className: 'w-48' },
  { label: 'Target' },
] as const;

const SKELETON_CELLS = [
  { bars: ['h-3.5 w-32'] },
  { className: 'hidden sm:table-cell', bars: ['h-3.5 w-40'] },
  { bars: ['h-3.5 w-28'] },
  { bars: ['h-3.5 w-36'] },
];

const NO_FILTERS: AuditFilters = { action: '', actor: '', from: '', to: '' };

/**
 * Settings → Audit log: who did what in the workspace, newest first, filtered by action,
 * person and dates, a page at a time; the filtered trail exports as CSV or JSON, and the
 * workspace keeps it for its retention setting. Owners and admins only (the server says).
 */
export function AuditLogSection() {
  const { data: workspaces } = useWorkspaces();
  const currentId = useWorkspaceStore((s) => s.currentId);
  // The top bar's workspace (as its switcher falls back: the first, the personal one); null: the personal one.
  const current = workspaces?.find((w) => w.id === currentId) ?? workspaces?.[0];
  const workspaceId: AuditWorkspace = current && current.kind === 'team' ? current.id : null;
  const mayRead = !current || current.role === 'owner' || current.role === 'admin';
  return (
    <SettingsSection
      id="audit-log"
      title="Audit log"
      description={`Sign-ins, changes to workflows, schedules, secrets and API keys, secret uses and exports in ${current?.kind === 'team' ? `the workspace “${current.name}”` : 'your workspace'}, with who did them and from where.`}
    >
      {mayRead ? (
        <AuditLog key={workspaceId ?? 'personal'} workspaceId={workspaceId} membersOf={current?.id} />
      ) : (
        <p className="text-sm text-muted">Only the owners and admins of “{current?.name}” see its audit log.</p>
      )}
    </SettingsSection>
  );
}

/** `membersOf`: the workspace whose members the person filter offers (the personal one's id too). */
function AuditLog({ workspaceId, membersOf }: { workspaceId: AuditWorkspace; membersOf: string | undefined }) {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const pages = useAuditPages(workspaceId, filters);
  const members = useAuditPeople(membersOf);
  const entries = pages.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = filters.action !== '' || filters.actor !== '' || filters.from !== '' || filters.to !== '';
  const set = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <div className="flex flex-col gap-4">
      <AuditFiltersRow filters={filters} people={peopleIn(entries, filters.actor, members.data)} onChange={set} />
      <div className="flex flex-wrap items-center gap-2">
        <a className={buttonClasses('secondary', 'sm')} href={auditExportUrl(workspaceId, filters, 'csv')} download data-testid="audit-export-csv">
          Export CSV
        </a>
        <a className={buttonClasses('secondary', 'sm')} href={auditExportUrl(workspaceId, filters, 'json')} download data-testid="audit-export-json">
          Export JSON
        </a>
        {filtered && (
          <button type="button" className={buttonClasses('ghost', 'sm')} onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </button>
        )}
      </div>
      {pages.isPending ? (
        <TableSkeleton label="Loading the audit log" columns={COLUMNS} cells={SKELETON_CELLS} rows={4} />
      ) : pages.isError ? (
        <SettingsListError what="audit log" query={pages} />
      ) : entries.length === 0 ? (
        <SettingsListEmpty Icon={HistoryIcon}>
          {filtered
            ? 'Nothing matches these filters. Widen the dates or clear the filters.'
            : 'Nothing has been recorded yet. Sign-ins and changes appear here.'}
        </SettingsListEmpty>
      ) : (
        <div>
          <DataTable caption="Audit log, newest first" columns={COLUMNS}>
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </DataTable>
          <LoadMore pages={pages} what="entries" />
        </div>
      )}
      <AuditRetentionForm workspaceId={workspaceId} />
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const failed = entry.action.endsWith('_failed');
  return (
    <tr data-testid="audit-row">
      <td className={`${td} text-muted`}>
        <time dateTime={entry.at}>{formatExactTime(entry.at)}</time>
      </td>
      <td className={`${td} hidden truncate sm:table-cell`} title={entry.ip ? `${entry.actor.label}, from ${entry.ip}` : entry.actor.label}>
        {entry.actor.label}
      </td>
      <td className={`${td} ${failed ? 'text-danger' : 'text-ink'}`}>{actionLabel(entry.action)}</td>
      <td className={`${td} truncate text-ink`} title={entry.target?.id ?? undefined}>
        {targetText(entry)}
        {/* Narrow screens hide the Who column: say it under the target instead. */}
        <span className="block truncate text-xs text-muted sm:hidden">{entry.actor.label}</span>
      </td>
    </tr>
  );
}

function AuditFiltersRow({ filters, people, onChange }: { filters: AuditFilters; people: string[]; onChange(change: Partial<AuditFilters>): void }) {
  const fromId = useId();
  const toId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <FilterSelect label="Action" value={filters.action} onChange={(e) => onChange({ action: e.target.value })} testId="audit-filter-action">
        {AUDIT_ACTION_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Person" value={filters.actor} onChange={(e) => onChange({ actor: e.target.value })} testId="audit-filter-person">
        <option value="">Anyone</option>
        {people.map((person) => (
          <option key={person} value={person}>
            {person}
          </option>
        ))}
      </FilterSelect>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fromId} className="text-xs font-medium text-muted">
          From
        </label>
        <input
          id={fromId}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
          className={controlClasses(false, 'h-9 w-40 px-3')}
          data-testid="audit-filter-from"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={toId} className="text-xs font-medium text-muted">
          To
        </label>
        <input
          id={toId}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
          className={controlClasses(false, 'h-9 w-40 px-3')}
          data-testid="audit-filter-to"
        />
      </div>
    </div>
  );
}
