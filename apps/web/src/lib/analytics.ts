import { type AuthStatus, useAuthStore } from '../stores/auth.store';
import { api } from './api';
import { hasAnalyticsConsent, onConsentChanged } from './consent';

/**
 * First-party, consent-gated analytics (SPEC.md sections 4 and 7, DESIGN.md): events
 * go to our own server and nowhere else, and only while the stored consent allows
 * analytics. Nothing here ever shows a toast: failures are for the console only.
 */
export const ANALYTICS_ENDPOINT = '/api/analytics/events';

export type AnalyticsParams = Record<string, string | number | boolean>;

let started = false;
let warnedUnsupported = false;
let listening = false;

/** Why this browser can't (or shouldn't) send analytics, or null if it can. */
function unsupportedReason(): string | null {
  if (/^(chrome|moz|safari-web|ms-browser)-extension:$/.test(window.location.protocol)) return 'running inside a browser extension';
  if (!navigator.cookieEnabled) return 'cookies are disabled';
  if (typeof indexedDB === 'undefined' || indexedDB === null) return 'IndexedDB is not available';
  return null;
}

/** Starts analytics once; false when the browser doesn't support it. */
function start(): boolean {
  if (started) return true;
  try {
    const reason = unsupportedReason();
    if (reason) {
      if (!warnedUnsupported) console.warn(`Analytics is not supported in this browser (${reason}); no usage events will be sent.`);
      warnedUnsupported = true;
      return false;
    }
    started = true;
    console.info('Analytics enabled: first-party usage events are sent to this Weft server only.');
    return true;
  } catch (error) {
    console.error('Analytics could not start. An ad blocker or strict privacy settings may be blocking it.', error);
    return false;
  }
}

/**
 * Listens for consent changes and starts analytics when the stored consent already
 * allows it. Safe to call more than once.
 */
export function initAnalytics(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  onConsentChanged((preferences) => {
    if (preferences.analytics) start();
    else if (started) {
      started = false;
      console.info('Analytics consent withdrawn: no further usage events will be sent.');
    }
  });
  if (hasAnalyticsConsent()) start();
}

/** Resolves once the session is known, so we know whether a CSRF token is needed. */
function settledAuthStatus(): Promise<AuthStatus> {
  const status = useAuthStore.getState().status;
  if (status !== 'loading') return Promise.resolve(status);
  return new Promise((resolve) => {
    const unsubscribe = useAuthStore.subscribe((state) => {
      if (state.status === 'loading') return;
      unsubscribe();
      resolve(state.status);
    });
  });
}

async function send(payload: { name: string; params: AnalyticsParams; path: string }): Promise<void> {
  const status = await settledAuthStatus();
  // Consent may have been withdrawn while we waited.
  if (!hasAnalyticsConsent()) return;
  if (status === 'signed-in') {
    // A cookie session needs the CSRF header on writes, which api() adds.
    await api(ANALYTICS_ENDPOINT, { body: payload });
    return;
  }
  const body = JSON.stringify(payload);
  // fetch with keepalive outlives the page like a beacon does, but sends a real JSON
  // content type and shows its body to devtools and browser tests; the beacon is the
  // fallback for browsers whose fetch refuses keepalive.
  let response: Response;
  try {
    response = await fetch(ANALYTICS_ENDPOINT, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
    });
  } catch (error) {
    const beaconSent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ANALYTICS_ENDPOINT, new Blob([body], { type: 'application/json' }));
    if (!beaconSent) throw error;
    return;
  }
  if (!response.ok) throw new Error(`The server answered ${response.status}`);
}

/** Records one event, if and only if the visitor has allowed analytics. */
export function track(name: string, params?: Record<string, string | number | boolean>): void {
  try {
    if (typeof window === 'undefined' || !hasAnalyticsConsent()) return;
    initAnalytics();
    if (!start()) return;
    send({ name, params: params ?? {}, path: window.location.pathname }).catch((error: unknown) => {
      console.warn(`Analytics event "${name}" was not recorded.`, error);
    });
  } catch (error) {
    console.error('Analytics failed. An ad blocker or strict privacy settings may be blocking it.', error);
  }
}
