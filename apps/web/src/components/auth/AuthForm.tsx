import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { track } from '../../lib/analytics';
import { ApiError, api } from '../../lib/api';
import { PASSWORD_MIN } from '../../lib/password-rules';
import { takeReturnPath } from '../../lib/return-path';
import { useAuthStore } from '../../stores/auth.store';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { TextField } from '../ui/TextField';
import { PasswordField } from './PasswordField';

export type AuthMode = 'signin' | 'signup';

export interface AuthFormProps {
  mode: AuthMode;
  /** An error to show on arrival (e.g. a failed single sign-on). */
  initialError?: string | null;
  /** Where to go once signed in (a safe path of this app; the editor by default). */
  destination?: string;
}

type Message = { tone: 'error' | 'success'; text: string } | null;

/** Email + password form for both modes, with "Forgot password?" in sign-in mode. */
export function AuthForm({ mode, initialError = null, destination = '/editor' }: AuthFormProps) {
  const signIn = useAuthStore((s) => s.signIn);
  const signUp = useAuthStore((s) => s.signUp);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [subscribe, setSubscribe] = useState(true);
  const [pending, setPending] = useState(false);
  const [resetPending, setResetPending] = useState(false);
  const [message, setMessageState] = useState<Message>(null);
  // The arrival error stays until the user does something; its text may change once the
  // provider's label has loaded.
  const [showInitialError, setShowInitialError] = useState(true);
  const setMessage = (next: Message) => {
    setShowInitialError(false);
    setMessageState(next);
  };
  const [shownMode, setShownMode] = useState(mode);
  if (shownMode !== mode) {
    setShownMode(mode);
    setMessage(null);
  }
  const shown: Message = message ?? (showInitialError && initialError ? { tone: 'error', text: initialError } : null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    setPending(true);
    try {
      if (mode === 'signin') {
        await signIn(email.trim(), password);
        track('login', { method: 'email' });
      } else {
        await signUp({ email: email.trim(), password, displayName: displayName.trim() || undefined, subscribe });
        track('sign_up', { method: 'email' });
      }
      // A path a single sign-on trip left behind is used now or never.
      takeReturnPath();
      navigate(destination, { replace: true });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError && error.message ? error.message : 'Failed to authenticate' });
      setPending(false);
    }
  };

  const onForgotPassword = async () => {
    setMessage(null);
    const address = email.trim();
    if (!address) {
      setMessage({ tone: 'error', text: 'Please enter your email first' });
      return;
    }
    setResetPending(true);
    try {
      await api('/api/auth/password-reset', { body: { email: address }, allowUnauthorized: true });
      setMessage({ tone: 'success', text: 'Password reset email sent! Check your inbox.' });
      track('password_reset_requested');
    } catch (error) {
      // A refusal the person can act on (an address whose domain signs in through SSO) says so.
      setMessage({ tone: 'error', text: error instanceof ApiError && error.status < 500 && error.message ? error.message : 'Failed to send reset email' });
    } finally {
      setResetPending(false);
    }
  };

  const forgotLink =
    mode === 'signin' ? (
      <button
        type="button"
        onClick={onForgotPassword}
        disabled={resetPending}
        className="rounded-sm text-xs font-medium text-brand transition-colors hover:text-brand-strong disabled:opacity-60"
      >
        {resetPending ? 'Sending…' : 'Forgot password?'}
      </button>
    ) : null;

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      {shown && <Alert tone={shown.tone}>{shown.text}</Alert>}
      {mode === 'signup' && (
        <TextField
          label="Display Name"
          name="displayName"
          autoComplete="name"
          placeholder="Ada Lovelace"
          maxLength={100}
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          labelAside={<span className="text-xs text-subtle">Optional</span>}
        />
      )}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <PasswordField
        purpose={mode === 'signin' ? 'current' : 'new'}
        label="Password"
        name="password"
        minLength={PASSWORD_MIN}
        value={password}
        onValue={setPassword}
        labelAside={forgotLink}
      />
      {mode === 'signup' && (
        <Checkbox label="Send me product updates and announcements" name="subscribe" checked={subscribe} onChange={(e) => setSubscribe(e.target.checked)} />
      )}
      <Button type="submit" loading={pending} className="mt-2 w-full">
        {mode === 'signin' ? 'Sign In' : 'Create Account'}
      </Button>
    </form>
  );
}
