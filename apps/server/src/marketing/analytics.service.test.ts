import { describe, expect, it } from 'vitest';
import { scrubParams, scrubPath } from './analytics.service.js';

describe('scrubParams', () => {
  it.each([
    [{ email: 'a@b.co' }, {}],
    [{ Email: 'a@b.co', user_email: 'a@b.co', eMail: 'x' }, {}],
    [{ password: 'p', newPassword: 'p', token: 't', csrfToken: 't', clientSecret: 's' }, {}],
    [{ ip: '1.2.3.4', ipAddress: '1.2.3.4', ip_address: '1.2.3.4' }, {}],
    [
      { method: 'email', source: 'landing_page', count: 3, ok: false },
      { method: 'email', source: 'landing_page', count: 3, ok: false },
    ],
    [{ title: 'Contact ada@example.com' }, { title: 'Contact [email]' }],
    [{ title: 'from 203.0.113.9 today' }, { title: 'from [ip] today' }],
    [{ description: 'zip and recipe stay' }, { description: 'zip and recipe stay' }],
  ])('%j → %j', (input, output) => {
    expect(scrubParams(input)).toEqual(output);
  });

  it('cuts text to 500 characters after masking', () => {
    expect(scrubParams({ t: 'y'.repeat(600) }).t).toHaveLength(500);
  });
});

describe('scrubPath', () => {
  it.each([
    ['/login', '/login'],
    ['/reset-password?token=abc', '/reset-password'],
    ['/workflow/123#node', '/workflow/123'],
    ['/u/ada@example.com/profile', '/u/[email]/profile'],
    ['', ''],
  ])('%s → %s', (input, output) => {
    expect(scrubPath(input)).toBe(output);
  });
});
