import { rememberReturnPath } from '../../lib/return-path';
import { GoogleIcon, LockIcon } from '../ui/icons';

/**
 * "Or continue with" and the single sign-on button; it leaves the app for the provider,
 * which sends the browser back to `/editor`: the destination waits in session storage for
 * the editor to take (`lib/return-path.ts`).
 */
export function OidcButton({ label, destination = '/editor' }: { label: string; destination?: string }) {
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs text-subtle">
        <span className="h-px flex-1 bg-line" />
        Or continue with
        <span className="h-px flex-1 bg-line" />
      </div>
      <button
        type="button"
        onClick={() => {
          rememberReturnPath(destination);
          window.location.assign('/api/auth/oidc/start');
        }}
        className="mt-4 inline-flex h-10 w-full items-center justify-center gap-2.5 rounded-lg border border-line bg-surface text-sm font-medium text-ink shadow-xs transition-colors hover:bg-surface-2"
      >
        {label.toLowerCase() === 'google' ? <GoogleIcon size={16} /> : <LockIcon size={16} className="text-muted" />}
        Continue with {label}
      </button>
    </div>
  );
}
