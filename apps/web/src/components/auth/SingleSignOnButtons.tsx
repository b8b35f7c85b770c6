import { rememberReturnPath } from '../../lib/return-path';
import { GoogleIcon, LockIcon } from '../ui/icons';

interface SingleSignOnButtonsProps {
  /** OpenID Connect's label ("Google" unless configured); absent when it is off. */
  oidcLabel?: string | undefined;
  /** SAML's label ("SSO" unless configured); absent when it is off. */
  samlLabel?: string | undefined;
  destination?: string;
}

/**
 * "Or continue with" and a button per single sign-on the server offers. Each leaves the
 * app for the provider, which sends the browser back to `/editor`: the destination waits
 * in session storage for the editor to take (`lib/return-path.ts`).
 */
export function SingleSignOnButtons({ oidcLabel, samlLabel, destination = '/editor' }: SingleSignOnButtonsProps) {
  if (oidcLabel === undefined && samlLabel === undefined) return null;
  const go = (start: string) => {
    rememberReturnPath(destination);
    window.location.assign(start);
  };
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs text-subtle">
        <span className="h-px flex-1 bg-line" />
        Or continue with
        <span className="h-px flex-1 bg-line" />
      </div>
      <div className="mt-4 flex flex-col gap-2.5">
        {samlLabel !== undefined && (
          <button type="button" onClick={() => go('/api/auth/saml/start')} className={BUTTON}>
            <LockIcon size={16} className="text-muted" />
            Sign in with {samlLabel}
          </button>
        )}
        {oidcLabel !== undefined && (
          <button type="button" onClick={() => go('/api/auth/oidc/start')} className={BUTTON}>
            {oidcLabel.toLowerCase() === 'google' ? <GoogleIcon size={16} /> : <LockIcon size={16} className="text-muted" />}
            Continue with {oidcLabel}
          </button>
        )}
      </div>
    </div>
  );
}

const BUTTON =
  'inline-flex h-10 w-full items-center justify-center gap-2.5 rounded-lg border border-line bg-surface text-sm font-medium text-ink shadow-xs transition-colors hover:bg-surface-2';
