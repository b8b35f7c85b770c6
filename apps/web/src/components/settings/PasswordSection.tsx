import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useAuthProviders } from '../../api/useAuthProviders';
import { api, errorMessage } from '../../lib/api';
import { hasErrors, type NewPasswordErrors, validateNewPassword } from '../../lib/password-rules';
import type { User } from '../../lib/types';
import { toast } from '../../stores/toast.store';
import { PasswordField } from '../auth/PasswordField';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { SettingsActions, SettingsSection } from './SettingsSection';

const DESCRIPTION = 'Changing your password signs you out everywhere else.';

/** Password change (POST /api/me/password); single-sign-on accounts have none to change. */
export function PasswordSection({ user }: { user: User }) {
  const { oidcLabel } = useAuthProviders();
  if (!user.hasPassword) {
    return (
      <SettingsSection id="password" title="Password" description="How you sign in to Weft.">
        <Alert tone="info">
          You sign in with {oidcLabel}, so your Weft account has no password to change. Your sign-in security is managed by your {oidcLabel} account.
        </Alert>
      </SettingsSection>
    );
  }
  return (
    <SettingsSection id="password" title="Password" description={DESCRIPTION}>
      <PasswordForm />
    </SettingsSection>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [revokeKeys, setRevokeKeys] = useState(false);
  const [errors, setErrors] = useState<NewPasswordErrors & { current?: string }>({});
  const change = useMutation({
    mutationFn: (revokeApiKeys: boolean) =>
      api('/api/me/password', { body: { currentPassword: current, newPassword: next, revokeApiKeys }, allowUnauthorized: true }),
    onSuccess: (_answer, revokedKeys) => {
      setCurrent('');
      setNext('');
      setConfirm('');
      setRevokeKeys(false);
      toast.success(
        revokedKeys
          ? 'Password updated. Your other sessions were signed out and your API keys revoked.'
          : 'Password updated. Your other sessions were signed out.',
      );
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = { ...validateNewPassword(next, confirm), current: current ? undefined : 'Enter your current password' };
    setErrors(found);
    if (!hasErrors(found)) change.mutate(revokeKeys);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {change.isError && (
        <Alert tone="error" className="mb-4">
          {errorMessage(change.error, 'Could not update your password.')}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          purpose="current"
          label="Current password"
          name="currentPassword"
          className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]"
          value={current}
          onValue={setCurrent}
          error={errors.current}
        />
        <PasswordField purpose="new" label="New password" name="newPassword" value={next} onValue={setNext} error={errors.password} />
        <PasswordField purpose="confirm" label="Confirm password" name="confirmPassword" value={confirm} onValue={setConfirm} error={errors.confirm} />
      </div>
      <Checkbox
        className="mt-4"
        label="Also revoke my API keys (do this if someone else may have known the old password)"
        checked={revokeKeys}
        onChange={(e) => setRevokeKeys(e.target.checked)}
      />
      <SettingsActions>
        <Button type="submit" loading={change.isPending}>
          Update password
        </Button>
      </SettingsActions>
    </form>
  );
}
