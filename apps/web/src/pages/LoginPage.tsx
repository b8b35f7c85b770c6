import { findTemplate } from '@weft/core';
import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuthProviders } from '../api/useAuthProviders';
import { AuthForm, type AuthMode } from '../components/auth/AuthForm';
import { AuthHeading, AuthLayout } from '../components/auth/AuthLayout';
import { LegalNote } from '../components/auth/LegalNote';
import { SingleSignOnButtons } from '../components/auth/SingleSignOnButtons';
import { Alert } from '../components/ui/Alert';
import { PageSpinner } from '../components/ui/Spinner';
import { peekReturnPath, safeReturnPath, templateOf } from '../lib/return-path';
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

/**
 * Where to go once signed in: `?next=` (the gallery's "Use template"), else the protected
 * page that sent the visitor here, else the path a single sign-on trip left (its failure
 * comes back here without `?next=`), else the editor.
 */
function useDestination(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return safeReturnPath(params.get('next')) ?? safeReturnPath(from) ?? peekReturnPath() ?? '/editor';
}

/**
 * /login: sign in or sign up (`?mode=signup` opens sign-up), or continue with single
 * sign-on; then on to where the visitor was going (`useDestination`), a chosen template
 * included, which the page names.
 */
export function LoginPage() {
  const status = useAuthStore((s) => s.status);
  const [params] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const { oidcEnabled, oidcLabel, samlEnabled, samlLabel } = useAuthProviders();
  const destination = useDestination();

  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-in') return <Navigate to={destination} replace />;

  const text = copy[mode];
  const ssoError = { oidc: `Failed to sign in with ${oidcLabel}`, saml: `Failed to sign in with ${samlLabel}` }[params.get('error') ?? ''] ?? null;
  const template = findTemplate(templateOf(destination) ?? '');
  return (
    <AuthLayout>
      <AuthHeading title={text.title} subtitle={text.subtitle} />
      {template && (
        <div className="mb-5" data-testid="chosen-template">
          <Alert tone="info">
            {mode === 'signup' ? 'Once your account is made' : 'Once you are signed in'}, the template “{template.name}” opens in the editor.
          </Alert>
        </div>
      )}
      <AuthForm mode={mode} initialError={ssoError} destination={destination} />
      <SingleSignOnButtons oidcLabel={oidcEnabled ? oidcLabel : undefined} samlLabel={samlEnabled ? samlLabel : undefined} destination={destination} />
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
