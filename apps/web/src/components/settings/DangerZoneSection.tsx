import { useState } from 'react';
import type { User } from '../../lib/types';
import { Button } from '../ui/Button';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { SettingsSection } from './SettingsSection';

/** Account deletion, behind a confirmation that asks for the password. */
export function DangerZoneSection({ user }: { user: User }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <SettingsSection id="danger-zone" title="Danger zone" description="Irreversible actions on your account." danger>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm font-medium text-ink">Delete account</p>
          <p className="mt-0.5 max-w-md text-sm text-muted">
            Permanently deletes your account with its workflows, run history, schedules, secrets and settings. This cannot be undone.
          </p>
        </div>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete account
        </Button>
      </div>
      {confirming && <DeleteAccountDialog user={user} onClose={() => setConfirming(false)} />}
    </SettingsSection>
  );
}
