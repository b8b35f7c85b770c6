import { describe, expect, it } from 'vitest';
import { hasErrors, validateNewPassword } from './password-rules';

describe('validateNewPassword', () => {
  it('accepts six characters that match', () => {
    expect(validateNewPassword('secret', 'secret')).toEqual({});
    expect(hasErrors(validateNewPassword('secret', 'secret'))).toBe(false);
  });

  it('rejects a password shorter than six characters', () => {
    expect(validateNewPassword('short', 'short')).toEqual({ password: 'Password must be at least 6 characters' });
  });

  it('rejects a confirmation that differs', () => {
    const errors = validateNewPassword('secret1', 'secret2');
    expect(errors).toEqual({ confirm: 'Passwords do not match' });
    expect(hasErrors(errors)).toBe(true);
  });
});
