import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { hasErrors, type NewPasswordErrors, PASSWORD_MIN, validateNewPassword } from '../../lib/password-rules';
import type { AuthResponse } from '../../lib/types';
import { useAuthStore } from '../../stores/auth.store';
import { toast } from '../../stores/toast.store';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { PasswordField } from './PasswordField';

/** New password + confirmation for a reset link; success signs the user in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [serverError, setServerError] = useState<{ text: string; linkExpired: boolean } | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateNewPassword(password, confirm);
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) return;
    setPending(true);
    try {
      const answer = await api<AuthResponse & { revokedApiKeys?: number }>('/api/auth/password-reset/confirm', {
        body: { token, password },
        allowUnauthorized: true,
      });
      // The answer set the session cookie; init() picks the session (and CSRF token) up.
      await useAuthStore.getState().init();
      const keys = answer.revokedApiKeys ?? 0;
      toast.success(
        keys > 0
          ? `Your password has been reset and you are signed in. Your ${keys === 1 ? 'API key was' : `${keys} API keys were`} revoked: create new ones in Settings → API keys.`
          : 'Your password has been reset. You are now signed in.',
        keys > 0 ? 10_000 : undefined,
      );
      navigate('/editor', { replace: true });
    } catch (error) {
      const linkExpired = error instanceof ApiError && error.status === 400;
      setServerError({ text: error instanceof Error && error.message ? error.message : 'Failed to reset your password', linkExpired });
      setPending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {serverError && (
        <Alert tone="error">
          {serverError.text}
          {serverError.linkExpired && (
            <Link to="/login" className="mt-1 block w-fit font-medium underline underline-offset-2">
              Request a new reset link
            </Link>
          )}
        </Alert>
      )}
      <PasswordField purpose="new" label="New password" name="password" value={password} onValue={setPassword} error={errors.password} />
      <PasswordField
        purpose="confirm"
        label="Confirm password"
        name="confirm"
        minLength={PASSWORD_MIN}
        value={confirm}
        onValue={setConfirm}
        error={errors.confirm}
      />
      <Button type="submit" loading={pending} className="mt-2 w-full">
        Reset password
      </Button>
    </form>
  );
}
