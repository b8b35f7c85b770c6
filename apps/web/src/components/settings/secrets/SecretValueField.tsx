import { TextField, type TextFieldProps } from '../../ui/TextField';
import { secretValueNote } from './secret-rules';

/**
 * The masked input a secret's value is typed or pasted into (Settings → Secrets and the
 * editor's setup dialog), with the note `secretValueNote` gives on what was pasted.
 */
export function SecretValueField({
  value,
  onValue,
  ...rest
}: Omit<TextFieldProps, 'type' | 'name' | 'autoComplete' | 'value' | 'onChange' | 'hint'> & { value: string; onValue: (value: string) => void }) {
  return (
    <TextField
      name="secretValue"
      type="password"
      // "new-password": browsers must not fill in the user's Weft password here.
      autoComplete="new-password"
      value={value}
      onChange={(e) => onValue(e.target.value)}
      hint={secretValueNote(value) ?? undefined}
      {...rest}
    />
  );
}
