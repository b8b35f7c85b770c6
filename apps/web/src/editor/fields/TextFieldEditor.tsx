import { controlClasses } from '../../components/ui/control-styles';
import { AutoTextarea } from './AutoTextarea';
import { describedBy, FieldShell } from './FieldShell';
import type { FieldEditorProps } from './types';

/** A `text` field: one line, or a growing textarea when the definition says `multiline`. */
export function TextFieldEditor({ field, value, onChange, id, error }: FieldEditorProps<'text'>) {
  const text = typeof value === 'string' ? value : '';
  const common = {
    id,
    value: text,
    placeholder: field.placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': describedBy(id, { description: field.description, error }),
  };
  return (
    <FieldShell id={id} label={field.label} required={field.required} description={field.description} error={error}>
      {field.multiline ? (
        <AutoTextarea {...common} minRows={4} onChange={(e) => onChange(e.target.value)} className={controlClasses(!!error, 'px-3 py-2 leading-6')} />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} className={controlClasses(!!error, 'h-9 px-3')} />
      )}
    </FieldShell>
  );
}
