import { PASSWORD_MIN } from '../../lib/password-rules';
import { TextField, type TextFieldProps } from '../ui/TextField';

/**
 * A required account password input, by purpose: `current` is the password one has (the
 * browser fills it in), `new` chooses one (at least {@link PASSWORD_MIN} characters, said in
 * the placeholder), `confirm` repeats the new one. Other props go to the TextField.
 */
export function PasswordField({
  purpose,
  onValue,
  ...rest
}: Omit<TextFieldProps, 'type' | 'onChange' | 'autoComplete'> & { purpose: 'current' | 'new' | 'confirm'; onValue: (value: string) => void }) {
  const chooses = purpose === 'new' ? { minLength: PASSWORD_MIN, placeholder: `At least ${PASSWORD_MIN} characters` } : {};
  return (
    <TextField
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      required
      {...chooses}
      {...rest}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}
