import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../lib/api';
import type { User } from '../../lib/types';
import { useAuthStore } from '../../stores/auth.store';
import { toast } from '../../stores/toast.store';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { SettingsActions, SettingsSection } from './SettingsSection';

/** Profile: the display name (PATCH /api/me); the e-mail is shown, not editable. */
export function ProfileSection({ user }: { user: User }) {
  const setUser = useAuthStore((s) => s.setUser);
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const save = useMutation({
    mutationFn: (name: string) => api<{ user: User }>('/api/me', { method: 'PATCH', body: { displayName: name } }),
    onSuccess: ({ user: updated }) => {
      setUser(updated);
      setDisplayName(updated.displayName ?? '');
      toast.success('Profile updated.');
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not update your profile.')),
  });

  const unchanged = displayName.trim() === (user.displayName ?? '');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!unchanged) save.mutate(displayName.trim());
  };
  const memberSince = new Date(user.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' });

  return (
    <SettingsSection id="profile" title="Profile" description="How you appear in Weft.">
      <form onSubmit={onSubmit}>
        <div className="mb-5 flex items-center gap-4">
          <Avatar displayName={displayName || user.displayName} email={user.email} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-ink">{user.displayName || user.email}</p>
            <p className="mt-0.5 text-sm text-muted">Member since {memberSince}</p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Display Name"
            name="displayName"
            autoComplete="name"
            maxLength={100}
            placeholder="Your name"
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            hint="Used for your initials in the top bar."
          />
          <TextField label="Email" name="email" type="email" value={user.email} readOnly hint="The address you sign in with." />
        </div>
        <SettingsActions>
          <Button type="submit" disabled={unchanged} loading={save.isPending}>
            Save changes
          </Button>
        </SettingsActions>
      </form>
    </SettingsSection>
  );
}
