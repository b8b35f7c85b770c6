import type { ApiError } from '../../lib/api';

/** A save refused because someone saved a newer version (the 409's body, docs/API.md). */
export interface StaleSave {
  /** The stored version now. */
  readonly currentVersion: number | null;
  /** Who saved it: a display name or e-mail; null when unknown. */
  readonly savedBy: string | null;
  readonly savedAt: string | null;
  readonly message: string;
}

/** Reads the 409 of a stale save; fields an older server does not send are null. */
export function staleSaveOf(error: ApiError): StaleSave {
  const body = error.body ?? {};
  return {
    currentVersion: typeof body.currentVersion === 'number' ? body.currentVersion : null,
    savedBy: typeof body.savedBy === 'string' ? body.savedBy : null,
    savedAt: typeof body.savedAt === 'string' ? body.savedAt : null,
    message: error.message,
  };
}

const COPY_SUFFIX = ' (copy)';
/** The document's limit; the suffix stays whole, as the server's duplicate does. */
const MAX_NAME = 200;

/** "Digest" → "Digest (copy)", within the name's 200 characters. */
export function copyName(name: string): string {
  return `${name.slice(0, MAX_NAME - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

/** "Ada Lovelace saved version 5 at 10:42" with what the server told, for the dialog's first line. */
export function describeStaleSave(stale: StaleSave, now: Date, locale?: string): string {
  const who = stale.savedBy ?? 'Someone';
  const which = stale.currentVersion === null ? 'a newer version' : `version ${stale.currentVersion}`;
  if (!stale.savedAt) return `${who} saved ${which} after you opened this workflow.`;
  const at = new Date(stale.savedAt);
  const time = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const when = at.toDateString() === now.toDateString() ? `at ${time}` : `on ${at.toLocaleDateString(locale, { day: 'numeric', month: 'short' })} at ${time}`;
  return `${who} saved ${which} ${when}, after you opened this workflow.`;
}
