import { type FormEvent, useEffect, useId, useState } from 'react';
import { type AuditWorkspace, useAuditRetention } from '../../../api/useAuditLog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../stores/toast.store';
import { Button } from '../../ui/Button';
import { controlClasses } from '../../ui/control-styles';
import { SettingsListError } from '../SettingsListStates';

/** The server's bounds (docs/API.md "Audit log"): a day to ten years. */
const MIN_DAYS = 1;
const MAX_DAYS = 3650;

function daysProblem(text: string): string | null {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value)) return 'Enter a whole number of days.';
  if (value < MIN_DAYS || value > MAX_DAYS) return `Enter a number from ${MIN_DAYS} to ${MAX_DAYS.toLocaleString('en')}.`;
  return null;
}

/** How long the workspace keeps its audit log; older entries are deleted within the hour. */
export function AuditRetentionForm({ workspaceId }: { workspaceId: AuditWorkspace }) {
  const { query, update } = useAuditRetention(workspaceId);
  const [days, setDays] = useState('365');
  const inputId = useId();
  useEffect(() => {
    if (query.data !== undefined) setDays(String(query.data));
  }, [query.data]);

  if (query.isError) return <SettingsListError what="audit log retention" query={query} />;
  const problem = daysProblem(days);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    update.mutate(Number(days), {
      onSuccess: ({ days: kept }) => toast.success(`Saved. Entries older than ${kept} day${kept === 1 ? '' : 's'} are deleted within the hour.`),
      onError: (error) => toast.error(errorMessage(error, 'Could not save the retention setting.')),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 border-t border-line pt-4">
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        Keep entries for
      </label>
      <div className="flex flex-wrap items-center gap-2">
        {/* The control fills its box (w-full): the box sets the width. */}
        <div className="w-28">
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={MIN_DAYS}
            max={MAX_DAYS}
            value={days}
            disabled={query.isPending}
            onChange={(e) => setDays(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${inputId}-error` : undefined}
            className={controlClasses(!!problem, 'h-9 px-3')}
            data-testid="audit-retention-days"
          />
        </div>
        <span className="text-sm text-muted">days</span>
        <Button type="submit" size="sm" loading={update.isPending} disabled={!!problem || query.isPending}>
          Save
        </Button>
      </div>
      {problem && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </form>
  );
}
