import { type FormEvent, useId, useState } from 'react';
import { Button } from '../components/ui/Button';
import { inputClasses } from '../components/ui/TextField';
import { track } from '../lib/analytics';
import { ApiError, api } from '../lib/api';

const SUCCESS = 'Successfully subscribed!';
const FAILURE = 'Failed to subscribe. Please try again.';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'success' } | { kind: 'error'; message: string };

/** The server's words when it explains the refusal (invalid e-mail, rate limit), else ours. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404 && error.message) return error.message;
  return FAILURE;
}

/** Newsletter sign-up (SPEC.md sections 5, 7 and 8). */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus({ kind: 'sending' });
    try {
      await api('/api/subscriptions', { body: { email: email.trim(), source: 'landing_page' } });
      setStatus({ kind: 'success' });
      setEmail('');
      track('newsletter_subscribe', { source: 'landing_page' });
    } catch (error) {
      setStatus({ kind: 'error', message: failureMessage(error) });
    }
  };

  return (
    <form onSubmit={submit} className="w-full max-w-md" aria-describedby={status.kind === 'idle' || status.kind === 'sending' ? undefined : `${id}-status`}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={status.kind === 'error' || undefined}
          className={`${inputClasses} h-11 sm:flex-1`}
        />
        <Button type="submit" size="md" loading={status.kind === 'sending'} className="h-11 shrink-0">
          Subscribe
        </Button>
      </div>
      <div id={`${id}-status`} className="mt-3 min-h-5 text-sm">
        {status.kind === 'success' && (
          <p role="status" className="flex items-center gap-1.5 font-medium text-ok">
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" aria-hidden="true">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            {SUCCESS}
          </p>
        )}
        {status.kind === 'error' && (
          <p role="alert" className="font-medium text-danger">
            {status.message}
          </p>
        )}
        {(status.kind === 'idle' || status.kind === 'sending') && <p className="text-subtle">About one e-mail a month. Unsubscribe with one click.</p>}
      </div>
    </form>
  );
}
