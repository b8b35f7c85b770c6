import { Switch } from '../../components/ui/Switch';
import type { FieldEditorProps } from './types';

/** A `boolean` field as a switch; the switch carries its own label and description. */
export function BooleanFieldEditor({ field, value, onChange }: FieldEditorProps<'boolean'>) {
  const checked = typeof value === 'boolean' ? value : (field.default ?? false);
  return (
    <div className="rounded-lg border border-line bg-surface-2/50 px-3 py-2.5">
      <Switch label={field.label} description={field.description} checked={checked} onChange={onChange} />
    </div>
  );
}
