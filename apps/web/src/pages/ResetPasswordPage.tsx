import { Link, useSearchParams } from 'react-router';
import { AuthHeading, AuthLayout } from '../components/auth/AuthLayout';
import { ResetPasswordForm } from '../components/auth/ResetPasswordForm';
import { buttonClasses } from '../components/ui/Button';

/** /reset-password?token=…: choose a new password from the link in the reset e-mail. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  return (
    <AuthLayout>
      {token ? (
        <>
          <AuthHeading title="Choose a new password" subtitle="Pick a password you don't use elsewhere. You'll be signed in right after." />
          <ResetPasswordForm token={token} />
        </>
      ) : (
        <>
          <AuthHeading
            title="This reset link is incomplete"
            subtitle="The link is missing its token. Open it again from the e-mail, or request a new one from the sign-in page with “Forgot password?”."
          />
          <Link to="/login" className={buttonClasses('primary', 'md', 'w-full')}>
            Go to sign in
          </Link>
        </>
      )}
    </AuthLayout>
  );
}
