import { type DataType, MAX_CUSTOM_NODE_PORTS, VALUE_TYPES } from '@weft/core';
import { Button } from '../../components/ui/Button';
import { controlClasses } from '../../components/ui/control-styles';
import { IconButton } from '../../components/ui/IconButton';
import { PlusIcon, TrashIcon } from '../../components/ui/icons';
import { SelectControl } from '../../components/ui/SelectControl';
import { newPortRow, type PortRow } from './custom-node-form';
import { controlProps, ErrorText, type FieldErrors, FormSection, InlineCheckbox } from './form-controls';

export interface PortListEditorProps {
  side: 'inputs' | 'outputs';
  ports: PortRow[];
  onChange(ports: PortRow[]): void;
  errors: FieldErrors;
}

/** The inputs or outputs of a custom node: id, label, data type (and "optional" for inputs). */
export function PortListEditor({ side, ports, onChange, errors }: PortListEditorProps) {
  const noun = side === 'inputs' ? 'input' : 'output';
  const update = (index: number, change: Partial<PortRow>) => onChange(ports.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const help =
    side === 'inputs'
      ? 'The code reads each as inputs.<id>. Optional inputs may be left unconnected.'
      : 'The code returns an object keyed by these ids; with one output, any value.';
  return (
    <FormSection
      title={side === 'inputs' ? 'Inputs' : 'Outputs'}
      help={help}
      action={
        <Button
          variant="secondary"
          size="sm"
          disabled={ports.length >= MAX_CUSTOM_NODE_PORTS}
          onClick={() => onChange([...ports, newPortRow(ports, noun, side === 'inputs' ? 'any' : 'json')])}
        >
          <PlusIcon size={14} /> Add {noun}
        </Button>
      }
    >
      {/* Column names for sighted users; each control also has its own (sr-only) label. */}
      <div aria-hidden="true" className="mb-1 hidden gap-2 text-xs font-medium text-muted sm:flex">
        <span className="w-32 shrink-0">Id</span>
        <span className="min-w-32 flex-1">Label</span>
        <span className={`w-32 shrink-0 ${side === 'inputs' ? 'mr-32' : 'mr-10'}`}>Data type</span>
      </div>
      <ul className="space-y-2">
        {ports.map((port, index) => {
          const path = `${side}.${index}`;
          const number = index + 1;
          return (
            <li key={port.rowKey} className="space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <label className="sr-only" htmlFor={errors.idFor(`${path}.id`)}>
                  {`${noun} ${number} id`}
                </label>
                {/* The control's own class is w-full; the box sets the width, so id, label and type share a row. */}
                <div className="w-32 shrink-0">
                  <input
                    {...controlProps(errors, `${path}.id`)}
                    value={port.id}
                    onChange={(e) => update(index, { id: e.target.value })}
                    placeholder="id"
                    spellCheck={false}
                    autoCapitalize="off"
                    className={controlClasses(!!errors.error(`${path}.id`), 'h-9 px-2.5 font-mono text-[13px]')}
                  />
                </div>
                <label className="sr-only" htmlFor={errors.idFor(`${path}.label`)}>
                  {`${noun} ${number} label`}
                </label>
                <input
                  {...controlProps(errors, `${path}.label`)}
                  value={port.label}
                  onChange={(e) => update(index, { label: e.target.value })}
                  placeholder="Label"
                  className={`${controlClasses(!!errors.error(`${path}.label`), 'h-9 px-2.5')} min-w-32 flex-1`}
                />
                <label className="sr-only" htmlFor={errors.idFor(`${path}.type`)}>
                  {`${noun} ${number} data type`}
                </label>
                <SelectControl
                  {...controlProps(errors, `${path}.type`)}
                  invalid={!!errors.error(`${path}.type`)}
                  value={port.type}
                  onChange={(e) => update(index, { type: e.target.value as DataType })}
                  className="w-32"
                >
                  {VALUE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </SelectControl>
                {side === 'inputs' && (
                  <InlineCheckbox className="h-9 w-20 gap-1.5 text-xs" checked={port.optional} onChange={(optional) => update(index, { optional })}>
                    Optional
                  </InlineCheckbox>
                )}
                <IconButton
                  label={`Remove ${noun} ${port.id || number}`}
                  danger
                  disabled={ports.length <= 1}
                  title={ports.length <= 1 ? `A custom node needs at least one ${noun}` : undefined}
                  onClick={() => onChange(ports.filter((_, i) => i !== index))}
                >
                  <TrashIcon size={15} />
                </IconButton>
              </div>
              <ErrorText errors={errors} path={`${path}.id`} />
              <ErrorText errors={errors} path={`${path}.label`} />
              <ErrorText errors={errors} path={`${path}.type`} />
            </li>
          );
        })}
      </ul>
      <div className="mt-2">
        <ErrorText errors={errors} path={side} />
      </div>
    </FormSection>
  );
}
