import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../components/ui/Button';
import { Icon } from '../components/ui/named-icon';
import { Spinner } from '../components/ui/Spinner';
import { useDocumentTitle } from '../landing/useDocumentTitle';
import { ApiError, api } from '../lib/api';

type State = { kind: 'missing' } | { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'not-found' } | { kind: 'failed'; message: string };

/** /unsubscribe?token=…, the link in update e-mails (SPEC.md section 8). */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe · Weft');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'working' } : { kind: 'missing' });
  /** The token already sent, so StrictMode's second effect doesn't send it again. */
  const sent = useRef<string | null>(null);

  const unsubscribe = useCallback(async (value: string) => {
    setState({ kind: 'working' });
    try {
      const result = await api<{ message?: string }>('/api/subscriptions/unsubscribe', { body: { token: value } });
      setState({ kind: 'done', message: result?.message ?? 'You have been unsubscribed.' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setState({ kind: 'not-found' });
      else setState({ kind: 'failed', message: error instanceof Error ? error.message : 'Something went wrong.' });
    }
  }, []);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    void unsubscribe(token);
  }, [token, unsubscribe]);

  return (
    <div className="flex flex-1 items-center justify-center px-5 py-16">
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 text-center shadow-sm" aria-live="polite">
        {state.kind === 'working' && (
          <div className="flex flex-col items-center gap-4 py-6 text-muted">
            <Spinner size={28} label="Unsubscribing" />
            <p>Unsubscribing…</p>
          </div>
        )}
        {state.kind === 'done' && (
          <Result icon="check" tone="bg-ok/10 text-ok" title="You’re unsubscribed">
            <p>{state.message}</p>
            <p>You won’t get update e-mails any more. Changed your mind? Subscribe again from the home page or in Settings.</p>
          </Result>
        )}
        {state.kind === 'not-found' && (
          <Result icon="search" tone="bg-warn/10 text-warn" title="Subscription not found">
            <p>This link may have been used already, or the subscription was removed. Either way, you won’t get update e-mails at this address.</p>
          </Result>
        )}
        {state.kind === 'missing' && (
          <Result icon="bell" tone="bg-brand-soft text-brand" title="Unsubscribe from updates">
            <p>
              This link is missing its unsubscribe code. Open the link from the bottom of one of our e-mails, or manage notifications in Settings when signed
              in.
            </p>
          </Result>
        )}
        {state.kind === 'failed' && (
          <Result icon="bell" tone="bg-danger/10 text-danger" title="Couldn’t unsubscribe">
            <p role="alert">{state.message}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void unsubscribe(token)}>
              Try again
            </Button>
          </Result>
        )}
        {state.kind !== 'working' && (
          <Link to="/" className={buttonClasses('ghost', 'md', 'mt-6')}>
            Back to home
          </Link>
        )}
      </div>
    </div>
  );
}

function Result({ icon, tone, title, children }: { icon: 'check' | 'search' | 'bell'; tone: string; title: string; children: React.ReactNode }) {
  return (
    <>
      <span className={`mx-auto flex h-12 w-12 items-center justify-center rounded-full ${tone}`}>
        <Icon name={icon} size={24} strokeWidth={2} />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-ink">{title}</h1>
      <div className="mt-3 space-y-3 text-sm leading-relaxed text-muted">{children}</div>
    </>
  );
}
