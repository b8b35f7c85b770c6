import { z } from 'zod';

/** Input rules shared by every route that takes an e-mail or a password (SPEC.md section 5). */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(320, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

export const PASSWORD_MIN = 6;

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, 'Password must be at most 200 characters');

export const displayNameField = z
  .string()
  .trim()
  .max(100, 'Display name must be at most 100 characters')
  .transform((v) => (v === '' ? null : v));
