import { readStorage, STORAGE_KEYS, writeStorage } from './storage-keys';

/**
 * Cookie consent (SPEC.md sections 3, 4 and 9): one record in localStorage, versioned so
 * that a change of what we ask for can ask again. Saving announces the new preferences
 * on `window` so analytics (and anything else optional) can start or stop.
 */
export const CONSENT_VERSION = '1.0';

/** Dispatched on `window` with `detail` = the saved {@link ConsentPreferences}. */
export const CONSENT_CHANGED_EVENT = 'weft:consent-changed';

/** Dispatched on `window` to reopen the banner in its customise view. */
export const OPEN_COOKIE_SETTINGS_EVENT = 'weft:open-cookie-settings';

export interface ConsentPreferences {
  /** The session cookie; the product cannot sign anyone in without it. */
  necessary: true;
  analytics: boolean;
  functional: boolean;
  marketing: boolean;
}

export type OptionalConsent = Omit<ConsentPreferences, 'necessary'>;

export interface ConsentRecord {
  preferences: ConsentPreferences;
  /** ISO 8601 time the choice was made. */
  timestamp: string;
  version: typeof CONSENT_VERSION;
}

export const ACCEPT_ALL: OptionalConsent = { analytics: true, functional: true, marketing: true };
export const REJECT_OPTIONAL: OptionalConsent = { analytics: false, functional: true, marketing: false };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The stored consent, or null when there is none, it is malformed, or of another version. */
export function readConsent(): ConsentRecord | null {
  const raw = readStorage(STORAGE_KEYS.consent);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.version !== CONSENT_VERSION || !isRecord(parsed.preferences)) return null;
  const p = parsed.preferences;
  if (typeof p.analytics !== 'boolean' || typeof p.functional !== 'boolean' || typeof p.marketing !== 'boolean') return null;
  const timestamp = typeof parsed.timestamp === 'string' || typeof parsed.timestamp === 'number' ? new Date(parsed.timestamp).toISOString() : '';
  return {
    preferences: { necessary: true, analytics: p.analytics, functional: p.functional, marketing: p.marketing },
    timestamp,
    version: CONSENT_VERSION,
  };
}

/** Writes the record and tells the page about it. */
export function saveConsent(choice: OptionalConsent): ConsentRecord {
  const record: ConsentRecord = {
    preferences: { necessary: true, analytics: choice.analytics, functional: choice.functional, marketing: choice.marketing },
    timestamp: new Date().toISOString(),
    version: CONSENT_VERSION,
  };
  writeStorage(STORAGE_KEYS.consent, JSON.stringify(record));
  window.dispatchEvent(new CustomEvent<ConsentPreferences>(CONSENT_CHANGED_EVENT, { detail: record.preferences }));
  return record;
}

export function hasAnalyticsConsent(): boolean {
  return readConsent()?.preferences.analytics === true;
}

/** Subscribes to saved consent changes; returns the unsubscribe function. */
export function onConsentChanged(handler: (preferences: ConsentPreferences) => void): () => void {
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<ConsentPreferences>).detail;
    if (detail) handler(detail);
  };
  window.addEventListener(CONSENT_CHANGED_EVENT, listener);
  return () => window.removeEventListener(CONSENT_CHANGED_EVENT, listener);
}

/** Reopens the cookie banner on its preferences (the footer's "Cookie settings"). */
export function openCookieSettings(): void {
  window.dispatchEvent(new Event(OPEN_COOKIE_SETTINGS_EVENT));
}
