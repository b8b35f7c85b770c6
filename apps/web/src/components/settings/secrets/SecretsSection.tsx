import { secretReference } from '@weft/core';
import type { ReactNode } from 'react';
import { type Secret, useSecrets } from '../../../api/useSecrets';
import { useNow } from '../../../hooks/useNow';
import { confirmDialog } from '../../../stores/confirm.store';
import { VaultIcon } from '../../ui/icons';
import { SettingsListEmpty, SettingsListError, SettingsListSkeleton } from '../SettingsListStates';
import { SettingsSection } from '../SettingsSection';
import { AddSecretForm } from './AddSecretForm';
import { SecretRow } from './SecretRow';

/** Settings → Secrets (docs/API.md "Secrets"): add, replace, rename, delete; values are never shown. */
export function SecretsSection() {
  return (
    <SettingsSection
      id="secrets"
      title="Secrets"
      description="API keys, tokens and passwords for your workflows. Values are encrypted, never shown again and hidden in run logs."
    >
      <SecretsManager />
    </SettingsSection>
  );
}

function SecretsManager() {
  const { query, create, update, remove } = useSecrets();
  const secrets = query.data ?? [];
  const names = secrets.map((s) => s.name);

  const onDelete = async (secret: Secret) => {
    const confirmed = await confirmDialog({
      title: `Delete ${secret.name}?`,
      message: `Workflows that use ${secretReference(secret.name)} will fail until you add a secret with that name again. This cannot be undone.`,
      confirmLabel: 'Delete secret',
      danger: true,
    });
    if (confirmed) remove.mutate(secret);
  };

  return (
    <div className="space-y-5">
      <AddSecretForm create={create} takenNames={names} />
      <SecretList
        query={query}
        renderRow={(secret, now) => (
          <SecretRow
            key={secret.id}
            secret={secret}
            now={now}
            otherNames={names.filter((n) => n !== secret.name)}
            saving={update.isPending && update.variables?.secret.id === secret.id}
            deleting={remove.isPending && remove.variables?.id === secret.id}
            onUpdate={(changes) =>
              update.mutateAsync({ secret, changes }).then(
                () => true,
                () => false,
              )
            }
            onDelete={() => void onDelete(secret)}
          />
        )}
      />
      <p className="text-xs leading-5 text-muted">
        Use a secret in any field as <code className="rounded bg-surface-2 px-1 py-0.5 font-mono">{secretReference('NAME')}</code>. Values of twelve characters
        or more show their last four here, so you can tell them apart.
      </p>
    </div>
  );
}

function SecretList({ query, renderRow }: { query: ReturnType<typeof useSecrets>['query']; renderRow(secret: Secret, now: Date): ReactNode }) {
  const now = useNow();
  if (query.isPending) return <SettingsListSkeleton what="secrets" rows={3} />;
  if (query.isError) return <SettingsListError what="secrets" query={query} />;
  if (query.data.length === 0) {
    return <SettingsListEmpty Icon={VaultIcon}>No secrets yet. Add one above, e.g. the API key of your language model provider.</SettingsListEmpty>;
  }
  return (
    <ul aria-label="Secrets" className="divide-y divide-line rounded-lg border border-line">
      {query.data.map((secret) => renderRow(secret, now))}
    </ul>
  );
}
