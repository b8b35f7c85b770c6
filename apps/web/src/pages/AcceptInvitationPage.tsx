import { Link, useNavigate, useSearchParams } from 'react-router';
import { roleLabel, useAcceptInvitation, useInvitationPreview } from '../api/useWorkspaces';
import { AuthHeading, AuthLayout } from '../components/auth/AuthLayout';
import { Alert } from '../components/ui/Alert';
import { Button, buttonClasses } from '../components/ui/Button';
import { Spinner } from '../components/ui/Spinner';
import { errorMessage } from '../lib/api';
import { useAuthStore } from '../stores/auth.store';
import { toast } from '../stores/toast.store';

/** /invitations/accept?token=…: join a workspace from the link in an invitation e-mail (signed in; the route sends visitors to sign in first). */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  return <AuthLayout>{token ? <Invitation token={token} /> : <Broken />}</AuthLayout>;
}

function Invitation({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const signOut = useAuthStore((s) => s.signOut);
  if (preview.isPending) return <Spinner label="Reading the invitation" />;
  if (preview.isError) {
    return (
      <>
        <AuthHeading title="This invitation cannot be used" subtitle="Nothing was changed." />
        <Alert tone="error">{errorMessage(preview.error)}</Alert>
        <div className="mt-5 flex flex-col gap-2">
          <Link to="/dashboard" className={buttonClasses('secondary', 'md', 'w-full')}>
            Go to the dashboard
          </Link>
          <Button variant="ghost" className="w-full" onClick={() => void signOut()}>
            Sign in with another account
          </Button>
        </div>
      </>
    );
  }
  const invitation = preview.data;
  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: ({ joined }) => {
        toast.success(`You joined ${joined.workspaceName} as ${roleLabel(joined.role).toLowerCase()}`);
        void navigate('/settings#workspaces');
      },
    });
  return (
    <>
      <AuthHeading
        title={`Join ${invitation.workspaceName}`}
        subtitle={`${invitation.invitedBy ?? 'Someone'} invited ${invitation.email} to this workspace as ${roleLabel(invitation.role).toLowerCase()}.`}
      />
      {accept.isError && (
        <Alert tone="error" className="mb-4">
          {errorMessage(accept.error)}
        </Alert>
      )}
      <Button className="w-full" loading={accept.isPending} onClick={onAccept}>
        Accept invitation
      </Button>
      <p className="mt-3 text-center text-xs text-muted">The link works once, until {new Date(invitation.expiresAt).toLocaleDateString()}.</p>
    </>
  );
}

function Broken() {
  return (
    <>
      <AuthHeading
        title="This invitation link is incomplete"
        subtitle="The link is missing its token. Open it again from the e-mail, or ask for a new invitation."
      />
      <Link to="/dashboard" className={buttonClasses('primary', 'md', 'w-full')}>
        Go to the dashboard
      </Link>
    </>
  );
}
