import { Link } from 'react-router';

const linkClasses = 'rounded-sm text-muted underline decoration-line underline-offset-2 transition-colors hover:text-ink hover:decoration-current';

/** The terms and privacy links under the sign-in card. */
export function LegalNote() {
  return (
    <p className="mt-6 text-center text-xs leading-5 text-subtle">
      By continuing, you agree to our{' '}
      <Link to="/terms" className={linkClasses}>
        Terms of Service
      </Link>{' '}
      and{' '}
      <Link to="/privacy" className={linkClasses}>
        Privacy Policy
      </Link>
      .
    </p>
  );
}
