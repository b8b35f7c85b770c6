import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useAuthProviders } from '../api/useAuthProviders';
import { AuthForm, type AuthMode } from '../components/auth/AuthForm';
import { AuthHeading, AuthLayout } from '../components/auth/AuthLayout';
import { LegalNote } from '../components/auth/LegalNote';
import { OidcButton } from '../components/auth/OidcButton';
import { PageSpinner } from '../components/ui/Spinner';
import { useAuthStore } from '../stores/auth.store';

const copy: Record<AuthMode, { title: string; subtitle: string; switchPrompt: string; switchLabel: string }> = {
  signin: {
    title: 'Welcome Back',
    subtitle: 'Sign in to build and run your AI workflows.',
    switchPrompt: "Don't have an account?",
    switchLabel: 'Sign up',
  },
  signup: {
    title: 'Create Account',
    subtitle: 'Start automating with AI workflows in minutes.',
    switchPrompt: 'Already have an account?',
    switchLabel: 'Sign in',
  },
};

/** /login: sign in or sign up (`?mode=signup` opens sign-up), or continue with single sign-on. */
export function LoginPage() {
  const status = useAuthStore((s) => s.status);
  const [params] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const { oidcEnabled, oidcLabel } = useAuthProviders();

  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-in') return <Navigate to="/editor" replace />;

  const text = copy[mode];
  const oidcError = params.get('error') === 'oidc' ? `Failed to sign in with ${oidcLabel}` : null;
  return (
    <AuthLayout>
      <AuthHeading title={text.title} subtitle={text.subtitle} />
      <AuthForm mode={mode} initialError={oidcError} />
      {oidcEnabled && <OidcButton label={oidcLabel} />}
      <p className="mt-6 text-center text-sm text-muted">
        {text.switchPrompt}{' '}
        <button
          type="button"
          onClick={() => setMode(mode === 'signin' ? 'signup' : 'signin')}
          className="rounded-sm font-medium text-brand transition-colors hover:text-brand-strong"
        >
          {text.switchLabel}
        </button>
      </p>
      <LegalNote />
    </AuthLayout>
  );
}
