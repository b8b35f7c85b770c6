import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ACCEPT_ALL, OPEN_COOKIE_SETTINGS_EVENT, type OptionalConsent, onConsentChanged, REJECT_OPTIONAL, readConsent, saveConsent } from '../lib/consent';
import { ConsentSwitch } from './ConsentSwitch';
import { Button } from './ui/Button';

function storedChoice(): OptionalConsent {
  const stored = readConsent()?.preferences;
  return stored ? { analytics: stored.analytics, functional: stored.functional, marketing: stored.marketing } : { ...REJECT_OPTIONAL };
}

/**
 * Cookie consent on every route (SPEC.md sections 2 and 4): shown while there is no valid
 * consent record, and again on demand from "Cookie settings". Non-modal, so it never
 * traps focus, and compact on phones so it doesn't hide the page behind it.
 */
export function CookieBanner() {
  const [open, setOpen] = useState(() => readConsent() === null);
  const [customizing, setCustomizing] = useState(false);
  const [choice, setChoice] = useState<OptionalConsent>(storedChoice);
  /** Reopened over an existing choice: it may be closed without choosing again. */
  const [reopened, setReopened] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    const reopen = () => {
      setChoice(storedChoice());
      setCustomizing(true);
      setReopened(readConsent() !== null);
      setOpen(true);
      requestAnimationFrame(() => headingRef.current?.focus());
    };
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
    const stopListening = onConsentChanged(() => setOpen(false));
    return () => {
      window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
      stopListening();
    };
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    setCustomizing(false);
  }, []);

  useEffect(() => {
    if (!open || !reopened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, reopened, close]);

  if (!open) return null;

  const save = (value: OptionalConsent) => {
    saveConsent(value);
    close();
  };

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-3 sm:justify-start sm:p-5">
      <section
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        className="pointer-events-auto flex max-h-[calc(100dvh-1.5rem)] w-full max-w-md flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-2xl shadow-black/10 dark:shadow-black/40"
      >
        <div className="overflow-y-auto px-5 pt-5 pb-4">
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-base font-semibold text-ink outline-none">
              <CookieIcon />
              Cookie preferences
            </h2>
            {reopened && (
              <button
                type="button"
                onClick={close}
                aria-label="Close cookie preferences"
                className="-mt-1 -mr-1 rounded-md p-1 text-subtle hover:bg-surface-2 hover:text-ink"
              >
                <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            )}
          </div>
          <p className="mt-2 text-sm leading-relaxed text-muted">
            Weft needs one cookie to keep you signed in. With your permission it also records usage analytics on this server only — nothing goes to third
            parties.{' '}
            <Link to="/privacy" className="font-medium text-brand underline-offset-2 hover:underline">
              Privacy Policy
            </Link>
          </p>
          {customizing && (
            <fieldset className="mt-3 divide-y divide-line border-t border-line">
              <legend className="sr-only">Cookie categories</legend>
              <ConsentSwitch label="Necessary" description="Your sign-in session and this consent record. Weft cannot work without them." checked disabled />
              <ConsentSwitch
                label="Analytics"
                description="Anonymous page views and clicks, stored by this server so the operator can improve it."
                checked={choice.analytics}
                onChange={(analytics) => setChoice((c) => ({ ...c, analytics }))}
              />
              <ConsentSwitch
                label="Functional"
                description="Remembers conveniences such as your theme and dismissed banners."
                checked={choice.functional}
                onChange={(functional) => setChoice((c) => ({ ...c, functional }))}
              />
              <ConsentSwitch
                label="Marketing"
                description="Product news personalisation. Weft sets no marketing cookies unless the operator adds them."
                checked={choice.marketing}
                onChange={(marketing) => setChoice((c) => ({ ...c, marketing }))}
              />
            </fieldset>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2 border-t border-line bg-surface-2/60 px-5 py-3">
          {customizing ? (
            <Button variant="primary" size="sm" onClick={() => save(choice)} className="order-last ml-auto">
              Save Preferences
            </Button>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setCustomizing(true)} aria-expanded={false} className="-ml-2 mr-auto">
              Customize
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={() => save(REJECT_OPTIONAL)}>
            Reject Optional
          </Button>
          <Button variant={customizing ? 'secondary' : 'primary'} size="sm" onClick={() => save(ACCEPT_ALL)}>
            Accept All
          </Button>
        </div>
      </section>
    </div>
  );
}

function CookieIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="text-brand" aria-hidden="true">
      <path d="M21 12.5A9 9 0 1 1 11.5 3a3 3 0 0 0 3.5 3.5 3 3 0 0 0 3.5 3.5 3 3 0 0 0 2.5 2.5Z" strokeLinejoin="round" />
      <circle cx="8.5" cy="10.5" r="1" fill="currentColor" />
      <circle cx="14" cy="15" r="1" fill="currentColor" />
      <circle cx="9" cy="16" r="1" fill="currentColor" />
    </svg>
  );
}
