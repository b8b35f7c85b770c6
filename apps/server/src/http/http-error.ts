/**
 * An error whose message is safe and useful to show the person who made the request.
 * Anything else that escapes a route becomes a 500 with a generic message.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Fields the answer carries beside the message (a stale save's current version, say). */
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = 'Authentication required. Please log in again.') => new HttpError(401, message, 'unauthenticated');
export const forbidden = (message: string) => new HttpError(403, message, 'forbidden');
/** A password route for an address whose domain signs in through SSO only (WEFT_SSO_ONLY_DOMAINS). */
export const ssoRequired = (message: string) => new HttpError(403, message, 'sso_required');
export const notFound = (message = 'Not found') => new HttpError(404, message, 'not_found');
export const conflict = (message: string, code?: string, extra?: Readonly<Record<string, unknown>>) => new HttpError(409, message, code, extra);
export const tooManyRequests = (message = 'Too many attempts. Please wait a minute and try again.') => new HttpError(429, message, 'rate_limited');
