import { CUSTOM_NODE_FIELD_KINDS, type CustomNodeFieldKind, MAX_CUSTOM_NODE_FIELDS } from '@weft/core';
import { Button } from '../../components/ui/Button';
import { controlClasses } from '../../components/ui/control-styles';
import { IconButton } from '../../components/ui/IconButton';
import { PlusIcon, TrashIcon } from '../../components/ui/icons';
import { SelectControl } from '../../components/ui/SelectControl';
import { newSettingRow, type SettingRow } from './custom-node-form';
import { controlProps, ErrorText, type FieldErrors, FormSection, InlineCheckbox } from './form-controls';

const KIND_LABELS: Record<CustomNodeFieldKind, string> = {
  text: 'Text',
  prompt: 'Prompt',
  number: 'Number',
  boolean: 'On/off',
  select: 'Choice',
  secret: 'Secret',
};

export interface SettingListEditorProps {
  settings: SettingRow[];
  onChange(settings: SettingRow[]): void;
  errors: FieldErrors;
}

/** The settings a custom node asks for in its config panel; the code reads them as config.<key>. */
export function SettingListEditor({ settings, onChange, errors }: SettingListEditorProps) {
  const update = (index: number, change: Partial<SettingRow>) => onChange(settings.map((s, i) => (i === index ? { ...s, ...change } : s)));
  return (
    <FormSection
      title="Settings"
      help="Filled in per node in its config panel; the code reads them as config.<key>. Secrets arrive as their value."
      action={
        <Button
          variant="secondary"
          size="sm"
          disabled={settings.length >= MAX_CUSTOM_NODE_FIELDS}
          onClick={() => onChange([...settings, newSettingRow(settings)])}
        >
          <PlusIcon size={14} /> Add setting
        </Button>
      }
    >
      {settings.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line px-3 py-2.5 text-xs text-muted">
          No settings. Add one for values a user should choose per node.
        </p>
      ) : (
        <ul className="space-y-3">
          {settings.map((setting, index) => (
            <SettingRowEditor
              key={setting.rowKey}
              path={`config.${index}`}
              number={index + 1}
              setting={setting}
              errors={errors}
              onChange={(change) => update(index, change)}
              onRemove={() => onChange(settings.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
    </FormSection>
  );
}

interface SettingRowEditorProps {
  path: string;
  number: number;
  setting: SettingRow;
  errors: FieldErrors;
  onChange(change: Partial<SettingRow>): void;
  onRemove(): void;
}

function SettingRowEditor({ path, number, setting, errors, onChange, onRemove }: SettingRowEditorProps) {
  const text = (field: keyof SettingRow, label: string, extra = '', placeholder?: string) => {
    const fieldPath = `${path}.${field === 'defaultText' || field === 'defaultNumber' ? 'default' : field}`;
    return (
      <div className={`flex min-w-0 flex-col gap-1 ${extra}`}>
        <label htmlFor={errors.idFor(fieldPath)} className="text-xs font-medium text-muted">
          {label}
        </label>
        <input
          {...controlProps(errors, fieldPath)}
          value={String(setting[field])}
          placeholder={placeholder}
          inputMode={field === 'defaultNumber' || field === 'min' || field === 'max' ? 'decimal' : undefined}
          onChange={(e) => onChange({ [field]: e.target.value })}
          className={controlClasses(!!errors.error(fieldPath), `h-9 px-2.5 ${field === 'key' ? 'font-mono text-[13px]' : ''}`)}
        />
      </div>
    );
  };
  const optionsPath = `${path}.options`;
  // Problems inside the option list (an empty value on line 2) point at the whole box.
  const optionsError = errors.errorUnder(optionsPath);

  return (
    <li className="rounded-xl border border-line bg-surface-2/40 p-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex w-32 flex-col gap-1">
          <label htmlFor={errors.idFor(`${path}.kind`)} className="text-xs font-medium text-muted">
            Kind
          </label>
          <SelectControl
            {...controlProps(errors, `${path}.kind`)}
            value={setting.kind}
            onChange={(e) => onChange({ kind: e.target.value as CustomNodeFieldKind })}
          >
            {CUSTOM_NODE_FIELD_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </SelectControl>
        </div>
        {text('key', 'Key', 'w-36', 'key')}
        {text('label', 'Label', 'min-w-36 flex-1')}
        <IconButton label={`Remove setting ${setting.key || number}`} danger onClick={onRemove}>
          <TrashIcon size={15} />
        </IconButton>
      </div>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        {(setting.kind === 'text' || setting.kind === 'prompt') && text('defaultText', 'Default', 'min-w-40 flex-1', 'Optional')}
        {setting.kind === 'number' && (
          <>
            {text('defaultNumber', 'Default', 'w-28', 'Optional')}
            {text('min', 'Minimum', 'w-28', 'None')}
            {text('max', 'Maximum', 'w-28', 'None')}
          </>
        )}
        {setting.kind === 'select' && (
          <>
            <div className="flex min-w-48 flex-1 flex-col gap-1">
              <label htmlFor={errors.idFor(optionsPath)} className="text-xs font-medium text-muted">
                Options <span className="font-normal text-subtle">(one per line: value, or value = Label)</span>
              </label>
              <textarea
                {...controlProps(errors, optionsPath, optionsError)}
                value={setting.options}
                rows={3}
                onChange={(e) => onChange({ options: e.target.value })}
                className={controlClasses(!!optionsError, 'resize-y px-2.5 py-1.5 font-mono text-[13px] leading-5')}
              />
            </div>
            {text('defaultText', 'Default', 'w-36', 'Optional')}
          </>
        )}
        {setting.kind === 'boolean' && (
          <InlineCheckbox className="h-9 gap-2 text-sm" checked={setting.defaultBoolean} onChange={(defaultBoolean) => onChange({ defaultBoolean })}>
            On by default
          </InlineCheckbox>
        )}
        {setting.kind === 'secret' && <p className="text-xs leading-5 text-muted">Each node picks one of the user’s secrets; the code gets its value.</p>}
        {text('description', 'Help text', 'basis-full', 'Shown under the setting (optional)')}
        {/* On/off always has an answer, so "required" means nothing for it. */}
        {setting.kind !== 'boolean' && (
          <InlineCheckbox className="h-7 gap-2 text-sm" checked={setting.required} onChange={(required) => onChange({ required })}>
            Required
          </InlineCheckbox>
        )}
      </div>
      <div className="mt-1 space-y-0.5">
        {['kind', 'key', 'label', 'default', 'min', 'max', 'description'].map((leaf) => (
          <ErrorText key={leaf} errors={errors} path={`${path}.${leaf}`} />
        ))}
        <ErrorText errors={errors} path={optionsPath} message={optionsError} />
        <ErrorText errors={errors} path={path} />
      </div>
    </li>
  );
}
