/**
 * Where to go once signed in (issue 22: a template chosen while signed out was lost at
 * sign-up). The login page takes it from `?next=` (the gallery's "Use template") or from a
 * protected page that sent the visitor there; single sign-on leaves the app for the
 * provider and comes back to `/editor`, so the path waits in session storage for that one
 * trip and the editor takes it.
 */

/** Session storage: one tab's trip through the identity provider, removed once used. */
export const RETURN_PATH_KEY = 'weft.returnTo';

/**
 * `raw` as a path of this app, or null: only a path from its root (`/editor?template=x`),
 * never another origin (`//evil.example`, `/\evil.example`, `https://…`), so `next=` cannot
 * send anyone elsewhere. The login page itself is no destination.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'https://weft.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://weft.invalid' || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The template a return path opens, if it is "Use template"'s (`/editor?template=<id>`). */
export function templateOf(path: string | null): string | null {
  if (!path) return null;
  const url = new URL(path, 'https://weft.invalid');
  return url.pathname === '/editor' ? url.searchParams.get('template') : null;
}

function session(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/** Kept for the trip through the identity provider; nothing is kept for the default, `/editor`. */
export function rememberReturnPath(path: string): void {
  try {
    if (path === '/editor') session()?.removeItem(RETURN_PATH_KEY);
    else session()?.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Storage can be unavailable (private mode, quota): the user lands on /editor instead.
  }
}

/** The kept path, removed as it is read, so it is used at most once. */
export function takeReturnPath(): string | null {
  try {
    const store = session();
    const path = safeReturnPath(store?.getItem(RETURN_PATH_KEY) ?? null);
    store?.removeItem(RETURN_PATH_KEY);
    return path;
  } catch {
    return null;
  }
}

/** The kept path, left in place (the login page shows it after a failed sign-on). */
export function peekReturnPath(): string | null {
  try {
    return safeReturnPath(session()?.getItem(RETURN_PATH_KEY) ?? null);
  } catch {
    return null;
  }
}
