import { type FormEvent, useId, useState } from 'react';
import { type ApiKey, useApiKeys } from '../../api/useApiKeys';
import { useWorkflowList } from '../../api/useWorkflowList';
import { useNow } from '../../hooks/useNow';
import { confirmDialog } from '../../stores/confirm.store';
import { RelativeTime } from '../dashboard/RelativeTime';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';
import { KeyIcon, PlusIcon, SlidersIcon, TrashIcon } from '../ui/icons';
import { OptionList, SelectControl } from '../ui/SelectControl';
import { TextField } from '../ui/TextField';
import { KEY_REACH, KeyWorkflowsDialog } from './KeyWorkflowsDialog';
import { scopeSummary } from './key-scope';
import { NewApiKeyDialog } from './NewApiKeyDialog';
import { SettingsListEmpty, SettingsListError, SettingsListSkeleton } from './SettingsListStates';
import { SettingsSection } from './SettingsSection';
import { WorkflowChecklist } from './WorkflowChecklist';

const NAME_MAX = 100;

/** Settings → API keys: create (shown once), list, revoke (docs/API.md "API keys"). */
export function ApiKeysSection() {
  return (
    <SettingsSection
      id="api-keys"
      title="API keys"
      description="Let scripts, other services and MCP clients run your workflows. Create one key per script, so you can revoke them one by one, and limit a key to the workflows it needs."
    >
      <ApiKeysManager />
    </SettingsSection>
  );
}

function ApiKeysManager() {
  const { query, create, limit, revoke } = useApiKeys();
  const workflows = useWorkflowList();
  const reachId = useId();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [reach, setReach] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [chosenError, setChosenError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [limiting, setLimiting] = useState<ApiKey | null>(null);
  const nameOf = (id: string) => workflows.data?.find((w) => w.id === id)?.name;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    setNameError(trimmed ? null : 'Give the key a name, e.g. the script that will use it');
    const noneChosen = reach === 'chosen' && chosen.length === 0;
    setChosenError(noneChosen ? 'Pick at least one workflow, or let the key call every workflow' : null);
    if (!trimmed || noneChosen) return;
    create.mutate(
      { name: trimmed, workflowIds: reach === 'all' ? null : chosen },
      {
        onSuccess: ({ apiKey, token }) => {
          setName('');
          setReach('all');
          setChosen([]);
          setCreated({ name: apiKey.name, token });
        },
      },
    );
  };

  const onRevoke = async (key: ApiKey) => {
    const confirmed = await confirmDialog({
      title: `Revoke "${key.name}"?`,
      message: 'Anything using this key is refused from now on. This cannot be undone.',
      confirmLabel: 'Revoke key',
      danger: true,
    });
    if (confirmed) revoke.mutate(key);
  };

  return (
    <div className="space-y-5">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="New key name"
          name="apiKeyName"
          placeholder="e.g. Nightly import script"
          maxLength={NAME_MAX}
          autoComplete="off"
          className="flex-1"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
        />
        <div className="flex flex-col gap-1.5 sm:w-56">
          <label htmlFor={reachId} className="text-sm font-medium text-ink">
            May call
          </label>
          <SelectControl id={reachId} roomy value={reach} onChange={(e) => setReach(e.target.value as 'all' | 'chosen')}>
            <OptionList options={KEY_REACH} />
          </SelectControl>
        </div>
        <Button type="submit" loading={create.isPending} className="sm:mt-[1.625rem]">
          {!create.isPending && <PlusIcon size={15} />}
          Create key
        </Button>
      </form>
      {reach === 'chosen' && (
        <WorkflowChecklist label="Workflows the new key may call" workflows={workflows.data ?? []} checked={chosen} onChange={setChosen} error={chosenError} />
      )}
      <KeyList
        query={query}
        scopeOf={(key) => scopeSummary(key.workflowIds, nameOf)}
        onLimit={setLimiting}
        onRevoke={(key) => void onRevoke(key)}
        revokingId={revoke.isPending ? revoke.variables?.id : undefined}
      />
      <p className="text-xs leading-5 text-muted">
        Send a key as <code className="rounded bg-surface-2 px-1 py-0.5 font-mono">Authorization: Bearer wk_…</code> to{' '}
        <code className="rounded bg-surface-2 px-1 py-0.5 font-mono">POST /api/workflows/:id/run</code>, the executions routes and the MCP endpoint. Keys cannot
        change your account or workflows.
      </p>
      {created && <NewApiKeyDialog name={created.name} token={created.token} onClose={() => setCreated(null)} />}
      {limiting && (
        <KeyWorkflowsDialog
          apiKey={limiting}
          workflows={workflows.data ?? []}
          saving={limit.isPending}
          onSave={(workflowIds) => limit.mutate({ key: limiting, workflowIds }, { onSuccess: () => setLimiting(null) })}
          onClose={() => setLimiting(null)}
        />
      )}
    </div>
  );
}

function KeyList({
  query,
  scopeOf,
  onLimit,
  onRevoke,
  revokingId,
}: {
  query: ReturnType<typeof useApiKeys>['query'];
  scopeOf(key: ApiKey): string;
  onLimit(key: ApiKey): void;
  onRevoke(key: ApiKey): void;
  revokingId: string | undefined;
}) {
  const now = useNow();
  if (query.isPending) return <SettingsListSkeleton what="API keys" />;
  if (query.isError) return <SettingsListError what="API keys" query={query} />;
  const keys = query.data;
  if (keys.length === 0) {
    return <SettingsListEmpty Icon={KeyIcon}>No API keys yet. Name a key above to create one.</SettingsListEmpty>;
  }
  return (
    <ul aria-label="API keys" className="divide-y divide-line rounded-lg border border-line">
      {keys.map((key) => (
        <li key={key.id} className="flex items-center gap-4 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-ink">{key.name}</p>
            <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted">
              <span className="font-mono" title="The start of the key">
                {key.prefix}…
              </span>
              <span>
                Created <RelativeTime value={key.createdAt} now={now} />
              </span>
              <span>
                {key.lastUsedAt ? (
                  <>
                    Last used <RelativeTime value={key.lastUsedAt} now={now} />
                  </>
                ) : (
                  'Never used'
                )}
              </span>
              <span>{scopeOf(key)}</span>
            </p>
          </div>
          <IconButton label={`Change what ${key.name} may call`} onClick={() => onLimit(key)}>
            <SlidersIcon size={16} />
          </IconButton>
          <IconButton label={`Revoke ${key.name}`} danger onClick={() => onRevoke(key)} disabled={revokingId === key.id}>
            <TrashIcon size={16} />
          </IconButton>
        </li>
      ))}
    </ul>
  );
}
