import type { LoggerOptions } from 'pino';

/**
 * Structured JSON logs. Anything that can carry a credential is redacted by path, and
 * request logs carry method, url and status only (never bodies or headers).
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'newPassword',
        '*.newPassword',
        'currentPassword',
        '*.currentPassword',
        'token',
        '*.token',
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.secret',
        '*.clientSecret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        // Strip query strings: reset tokens and OIDC codes travel there. A webhook URL's
        // last segment is its secret token.
        const url = request.url.split('?')[0]?.replace(/^(\/hooks\/[^/]+\/)[^/]+/, '$1[redacted]');
        return { method: request.method, url, ip: request.ip };
      },
    },
  };
}
