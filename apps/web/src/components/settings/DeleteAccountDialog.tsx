import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, errorMessage } from '../../lib/api';
import type { User } from '../../lib/types';
import { useAuthStore } from '../../stores/auth.store';
import { toast } from '../../stores/toast.store';
import { PasswordField } from '../auth/PasswordField';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { DialogHeading } from '../ui/DialogHeading';
import { AlertTriangleIcon } from '../ui/icons';
import { Modal } from '../ui/Modal';

/** "Delete your account?": the password (when the account has one), then DELETE /api/me. */
export function DeleteAccountDialog({ user, onClose }: { user: User; onClose(): void }) {
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => api('/api/me', { method: 'DELETE', body: user.hasPassword ? { password } : undefined, allowUnauthorized: true }),
    onSuccess: () => {
      // Leave the protected page first, so the sign-out doesn't bounce to /login.
      navigate('/', { replace: true });
      useAuthStore.getState().sessionEnded();
      toast.success('Your account has been deleted.');
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (user.hasPassword && !password) {
      setFieldError('Enter your password to confirm');
      return;
    }
    setFieldError(null);
    remove.mutate();
  };

  return (
    <Modal role="alertdialog" labelledBy={titleId} describedBy={descriptionId} onClose={() => !remove.isPending && onClose()}>
      <form onSubmit={onSubmit} noValidate>
        <DialogHeading
          icon={<AlertTriangleIcon size={20} />}
          tone="danger"
          title="Delete your account?"
          titleId={titleId}
          description={
            <>
              <span className="font-medium text-ink">{user.email}</span> and everything in it — workflows, run history, schedules and secrets — will be deleted
              for good.
            </>
          }
          descriptionId={descriptionId}
        />
        {remove.isError && (
          <Alert tone="error" className="mt-4">
            {errorMessage(remove.error, 'Could not delete your account.')}
          </Alert>
        )}
        {user.hasPassword && (
          <PasswordField
            purpose="current"
            label="Password"
            name="password"
            className="mt-5"
            value={password}
            onValue={setPassword}
            error={fieldError}
            hint="Enter your password to confirm."
          />
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending}>
            Delete my account
          </Button>
        </div>
      </form>
    </Modal>
  );
}
