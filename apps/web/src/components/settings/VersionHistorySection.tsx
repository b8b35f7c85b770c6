import { VERSION_RETENTION_LIMITS, type VersionRetention, type VersionRetentionMode } from '@weft/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useVersionRetention } from '../../api/useVersionRetention';
import { errorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { Button } from '../ui/Button';
import { inputClasses } from '../ui/TextField';
import { SettingsListError, SettingsListSkeleton } from './SettingsListStates';
import { SettingsActions, SettingsSection } from './SettingsSection';

const OPTIONS: { mode: VersionRetentionMode; label: string; description: string }[] = [
  { mode: 'all', label: 'Keep every version', description: 'Nothing is ever removed. Versions are small: a workflow saved 1,000 times takes a few MB.' },
  { mode: 'count', label: 'Keep the last versions of each workflow', description: 'Older versions are removed when you save.' },
  { mode: 'days', label: 'Keep the versions of the last days', description: 'Older versions are removed when you save.' },
];

/** Whether a typed amount fits the mode, or what to type instead. */
function amountProblem(mode: VersionRetentionMode, text: string): string | null {
  if (mode === 'all') return null;
  const { min, max } = VERSION_RETENTION_LIMITS[mode];
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value)) return 'Enter a whole number.';
  if (value < min || value > max) return `Enter a number from ${min} to ${max.toLocaleString('en')}.`;
  return null;
}

/** Settings → Version history: how many versions of each workflow to keep. */
export function VersionHistorySection() {
  return (
    <SettingsSection
      id="version-history"
      title="Version history"
      description="Every save of a workflow keeps a version you can compare and restore. The current version and versions a stored run used are always kept."
    >
      <RetentionForm />
    </SettingsSection>
  );
}

function RetentionForm() {
  const { query, update } = useVersionRetention();
  const [mode, setMode] = useState<VersionRetentionMode>('all');
  const [amount, setAmount] = useState('50');
  useEffect(() => {
    if (!query.data) return;
    setMode(query.data.mode);
    if (query.data.mode !== 'all') setAmount(String(query.data.amount));
  }, [query.data]);

  if (query.isPending) return <SettingsListSkeleton what="version history settings" rows={1} />;
  if (query.isError) return <SettingsListError what="version history settings" query={query} />;

  const problem = amountProblem(mode, amount);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    const retention: VersionRetention = mode === 'all' ? { mode } : { mode, amount: Number(amount) };
    update.mutate(retention, {
      onSuccess: ({ pruned }) => toast.success(pruned > 0 ? `Saved. ${pruned} older version${pruned === 1 ? ' was' : 's were'} removed.` : 'Saved.'),
      onError: (error) => toast.error(errorMessage(error, 'Could not save the version history setting.')),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">Versions to keep</legend>
        {OPTIONS.map((option) => (
          <label key={option.mode} className="flex cursor-pointer items-start gap-3">
            <input
              type="radio"
              name="version-retention"
              value={option.mode}
              checked={mode === option.mode}
              onChange={() => setMode(option.mode)}
              className="mt-1 size-4 accent-brand"
            />
            <span className="flex min-w-0 flex-col gap-1">
              <span className="text-sm font-medium text-ink">{option.label}</span>
              <span className="text-xs text-muted">{option.description}</span>
              {mode === option.mode && option.mode !== 'all' && (
                <span className="mt-1 flex items-center gap-2">
                  <input
                    type="number"
                    inputMode="numeric"
                    aria-label={option.mode === 'count' ? 'Versions to keep per workflow' : 'Days to keep versions for'}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? 'version-retention-error' : undefined}
                    min={VERSION_RETENTION_LIMITS[option.mode].min}
                    max={VERSION_RETENTION_LIMITS[option.mode].max}
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                    className={`${inputClasses} h-9 w-28`}
                    data-testid="version-retention-amount"
                  />
                  <span className="text-sm text-muted">{option.mode === 'count' ? 'versions' : 'days'}</span>
                </span>
              )}
            </span>
          </label>
        ))}
        {problem && (
          <p id="version-retention-error" role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
      </fieldset>
      <SettingsActions>
        <Button type="submit" size="sm" loading={update.isPending} disabled={!!problem}>
          Save
        </Button>
      </SettingsActions>
    </form>
  );
}
