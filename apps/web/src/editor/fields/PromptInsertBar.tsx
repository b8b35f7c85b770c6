import { chipButton } from '../../components/ui/control-styles';

/** One thing the prompt editor can insert. */
export interface InsertOption {
  /** Inserted text, e.g. `{{params.topic}}`. */
  snippet: string;
  /** Part of the snippet to leave selected after inserting, e.g. `NAME`. */
  select?: string;
  /** Tooltip and accessible description. */
  title: string;
  tone: 'input' | 'param' | 'secret';
}

const toneDot: Record<InsertOption['tone'], string> = {
  input: 'bg-brand',
  param: 'bg-ok',
  secret: 'bg-warn',
};

export interface PromptInsertBarProps {
  options: readonly InsertOption[];
  onInsert(option: InsertOption): void;
  /** Labels the group for screen readers, e.g. "Insert into Prompt". */
  label: string;
}

/**
 * The row of `{{…}}` chips under a prompt. Pressing a chip must not steal the caret from
 * the textarea, so mouse-down is cancelled; keyboard users press it after tabbing and
 * the textarea's last selection is used.
 */
export function PromptInsertBar({ options, onInsert, label }: PromptInsertBarProps) {
  if (options.length === 0) return null;
  return (
    <fieldset className="flex flex-wrap items-center gap-1">
      <legend className="sr-only">{label}</legend>
      <span aria-hidden="true" className="mr-0.5 text-[11px] font-medium text-subtle">
        Insert
      </span>
      {options.map((option) => (
        <button
          key={option.snippet}
          type="button"
          title={`${option.snippet}: ${option.title}`}
          aria-label={`Insert ${option.snippet}: ${option.title}`}
          className={chipButton}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onInsert(option)}
        >
          <span aria-hidden="true" className={`size-1.5 rounded-full ${toneDot[option.tone]}`} />
          {/* The braces are implied by "Insert"; without them more chips fit on a line. */}
          {option.snippet.slice(2, -2)}
        </button>
      ))}
    </fieldset>
  );
}

/** The chips for a node: its inputs, the workflow's parameters, and secrets (by name when known). */
export function insertOptions(
  inputs: readonly { id: string; label: string }[],
  parameters: readonly string[],
  secrets: readonly string[] | null,
): InsertOption[] {
  const options: InsertOption[] = [];
  if (inputs.length > 0)
    options.push({ snippet: '{{input}}', title: inputs.length === 1 ? `The ${inputs[0]?.label ?? 'input'} input` : 'All inputs', tone: 'input' });
  if (inputs.length > 1) {
    for (const input of inputs) options.push({ snippet: `{{input.${input.id}}}`, title: `The ${input.label} input`, tone: 'input' });
  }
  for (const key of parameters) options.push({ snippet: `{{params.${key}}}`, title: `Global parameter ${key}`, tone: 'param' });
  if (secrets && secrets.length > 0) {
    for (const name of secrets) options.push({ snippet: `{{secrets.${name}}}`, title: `Secret ${name}, resolved on the server`, tone: 'secret' });
  } else {
    options.push({ snippet: '{{secrets.NAME}}', select: 'NAME', title: 'A secret by name, resolved on the server', tone: 'secret' });
  }
  return options;
}
