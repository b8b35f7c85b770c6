import { useLayoutEffect, useMemo, useRef } from 'react';
import { useSecretNames } from '../../api/useSecretNames';
import { frameClasses } from '../../components/ui/control-styles';
import { AlertTriangleIcon } from '../../components/ui/icons';
import { AutoTextarea } from './AutoTextarea';
import { describedBy, FieldShell } from './FieldShell';
import { type InsertOption, insertOptions, PromptInsertBar } from './PromptInsertBar';
import { insertSnippet, type Placeholder, placeholderProblem, placeholderProblems, splitSegments } from './prompt-placeholders';
import type { FieldEditorProps, PromptHints } from './types';

export interface PromptFieldEditorProps extends FieldEditorProps<'prompt'> {
  /** Parameters and inputs to offer as `{{…}}` chips and to check placeholders against. */
  hints: PromptHints;
}

const markTone = {
  ok: 'rounded-sm bg-brand/15 text-brand',
  secret: 'rounded-sm bg-warn/15 text-warn',
  problem: 'rounded-sm bg-danger/12 text-danger underline decoration-danger/60 decoration-wavy underline-offset-2',
};

// Text metrics shared by the textarea and the layer drawn under it; they must match exactly.
const TEXT = 'px-3 py-2 text-sm leading-6 whitespace-pre-wrap break-words';

/**
 * A `prompt` field: a growing textarea whose `{{…}}` placeholders are highlighted (drawn
 * by a layer under the transparent text), chips that insert `{{input}}`,
 * `{{params.KEY}}` and `{{secrets.NAME}}` at the caret, and a note for placeholders that
 * would not resolve (a missing parameter, a misspelled prefix).
 */
export function PromptFieldEditor({ field, value, onChange, id, error, hints }: PromptFieldEditorProps) {
  const text = typeof value === 'string' ? value : '';
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);
  const { secrets } = useSecretNames();
  const secretNames = useMemo(() => secrets?.map((s) => s.name) ?? null, [secrets]);
  const scope = useMemo(() => ({ parameters: hints.parameters, inputs: hints.inputs.map((i) => i.id), secrets: secretNames }), [hints, secretNames]);
  const problems = useMemo(() => placeholderProblems(text, scope), [text, scope]);
  const options = useMemo(() => insertOptions(hints.inputs, hints.parameters, secretNames), [hints, secretNames]);

  // Put the caret back once the inserted text has come back through the props.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the text changes.
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    const el = textarea.current;
    if (!selection || !el) return;
    pendingSelection.current = null;
    el.focus();
    el.setSelectionRange(selection[0], selection[1]);
  }, [text]);

  const insert = (option: InsertOption) => {
    const el = textarea.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const result = insertSnippet(text, start, end, option.snippet, option.select);
    pendingSelection.current = [result.selectionStart, result.selectionEnd];
    onChange(result.text);
  };

  const tone = (placeholder: Placeholder) =>
    placeholderProblem(placeholder, scope) ? markTone.problem : placeholder.kind === 'secret' ? markTone.secret : markTone.ok;

  const hint =
    problems.length > 0 ? (
      <ul className="space-y-0.5 text-warn">
        {problems.map((problem) => (
          <li key={problem} className="flex items-start gap-1.5">
            <AlertTriangleIcon size={13} className="mt-[3px] shrink-0" />
            {problem}
          </li>
        ))}
      </ul>
    ) : undefined;

  return (
    <FieldShell
      id={id}
      label={field.label}
      required={field.required}
      description={field.description}
      error={error}
      hint={hint}
      aside={<span className="text-[11px] text-subtle tabular-nums">{text.length.toLocaleString()} chars</span>}
      footer={<PromptInsertBar options={options} onInsert={insert} label={`Insert into ${field.label}`} />}
    >
      <div className={frameClasses(!!error, 'relative')}>
        <div aria-hidden="true" className={`pointer-events-none absolute inset-0 overflow-hidden text-ink ${TEXT}`}>
          {splitSegments(text).map((segment, index) =>
            segment.placeholder ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place.
              <mark key={index} className={tone(segment.placeholder)}>
                {segment.text}
              </mark>
            ) : (
              segment.text
            ),
          )}
          {/* A trailing newline needs a character after it to take up its line. */}
          {'\u200b'}
        </div>
        <AutoTextarea
          ref={textarea}
          id={id}
          value={text}
          minRows={5}
          spellCheck
          placeholder={field.placeholder ?? 'Write the instructions… use {{input}} for the incoming text.'}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-required={field.required || undefined}
          aria-describedby={describedBy(id, { description: field.description, error, hint })}
          className={`relative block w-full bg-transparent text-transparent caret-ink outline-none placeholder:text-subtle selection:bg-brand/25 selection:text-transparent focus-visible:outline-none ${TEXT}`}
        />
      </div>
    </FieldShell>
  );
}
