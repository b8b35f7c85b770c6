/** Password rules shared by every form that sets one (SPEC.md section 5). */
export const PASSWORD_MIN = 6;

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

/** Inline errors for a new password and its confirmation; empty when both are fine. */
export function validateNewPassword(password: string, confirm: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (password.length < PASSWORD_MIN) errors.password = `Password must be at least ${PASSWORD_MIN} characters`;
  if (confirm !== password) errors.confirm = 'Passwords do not match';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
