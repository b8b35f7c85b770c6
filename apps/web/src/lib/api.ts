/**
 * The one way the web app talks to the server. Sends the session cookie, echoes the
 * CSRF token on writes, turns error answers into ApiError with the server's message,
 * and reports 401s so the app can send the user to /login.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The body's `detail` (SPEC.md §8 reads it) and the HTTP status text, for callers that word their own fallback. */
    readonly detail?: string,
    readonly statusText?: string,
    /** The whole error body, for answers that carry more than a message (a stale save's 409). */
    readonly body?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let csrfToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Don't treat a 401 as "session ended" (sign-in forms expect 401 for bad passwords). */
  allowUnauthorized?: boolean;
  signal?: AbortSignal;
  /** Let the request outlive the page (a closing editor tab saying it left). */
  keepalive?: boolean;
}

export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiWithHeaders<T>(path, options)).data;
}

/** {@link api}, with the answer's headers: a paged list says in one where its next page starts. */
export async function apiWithHeaders<T = unknown>(path: string, options: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.', 'network');
  }
  if (response.status === 204) return { data: undefined as T, headers: response.headers };
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const payload = (data ?? {}) as { message?: string; detail?: string; code?: string };
    const message = payload.message ?? payload.detail ?? (response.statusText || `Request failed (${response.status})`);
    if (response.status === 401 && !options.allowUnauthorized) onUnauthorized?.();
    throw new ApiError(response.status, message, payload.code, payload.detail, response.statusText, payload as Record<string, unknown>);
  }
  return { data: data as T, headers: response.headers };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A message fit for a toast from anything thrown. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export interface UploadOptions {
  /** Bytes sent so far and in all, as the browser reports them. */
  onProgress?(sent: number, total: number): void;
  signal?: AbortSignal;
}

/**
 * POSTs a file's raw bytes (`application/octet-stream`), with the same session, CSRF and
 * error handling as `api`. XMLHttpRequest rather than fetch: only it reports upload progress.
 */
export function apiUpload<T = unknown>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', 'application/octet-stream');
    if (csrfToken) request.setRequestHeader('x-csrf-token', csrfToken);
    request.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      const data = request.responseText ? safeJson(request.responseText) : undefined;
      if (request.status >= 200 && request.status < 300) {
        resolve(data as T);
        return;
      }
      const payload = (data ?? {}) as { message?: string; detail?: string; code?: string };
      const message = payload.message ?? payload.detail ?? (request.statusText || `Upload failed (${request.status})`);
      if (request.status === 401) onUnauthorized?.();
      reject(new ApiError(request.status, message, payload.code, payload.detail, request.statusText));
    };
    request.onerror = () => reject(new ApiError(0, 'The upload did not reach the server. Check your connection and try again.', 'network'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => request.abort(), { once: true });
    }
    request.send(file);
  });
}
