import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { frameClasses } from '../../components/ui/control-styles';
import { type CodeEdit, indentEdit, lineCount, newlineEdit, outdentEdit } from './code-editing';
import { describedBy, FieldShell } from './FieldShell';
import type { FieldEditorProps } from './types';

export interface CodeEditorProps {
  id: string;
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
  required?: boolean;
  /** Ids of the help and error text, for `aria-describedby`. */
  describedBy?: string;
  /** Rows shown even when the code is shorter. */
  minRows?: number;
}

export const CODE_EDITOR_HINT = 'Tab indents, Shift+Tab outdents. Press Esc, then Tab, to leave the editor.';

/**
 * A plain textarea made fit for code: monospace, no wrapping, line numbers, Tab and
 * Shift+Tab (de)indent by two spaces, Enter keeps the indent. Edits go through the
 * browser's insertText command where it exists, so Ctrl+Z undoes them like typing.
 * Tab stays inside until Esc is pressed (then Tab moves on, as in other code editors);
 * a second Esc reaches the surrounding dialog.
 */
export function CodeEditor({ id, value, onChange, invalid = false, required, describedBy: describedByIds, minRows = 8 }: CodeEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);
  const [tabLeaves, setTabLeaves] = useState(false);
  const lines = lineCount(value);

  // After a fallback edit (no insertText), put the selection back once React has rendered the text.
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (!selection || !ref.current) return;
    pendingSelection.current = null;
    ref.current.setSelectionRange(selection[0], selection[1]);
  });

  const apply = (el: HTMLTextAreaElement, edit: CodeEdit) => {
    el.setSelectionRange(edit.from, edit.to);
    const command = edit.insert === '' ? 'delete' : 'insertText';
    const done = typeof document.execCommand === 'function' && document.execCommand(command, false, edit.insert);
    if (done) {
      el.setSelectionRange(edit.selectionStart, edit.selectionEnd);
      return;
    }
    pendingSelection.current = [edit.selectionStart, edit.selectionEnd];
    onChange(el.value.slice(0, edit.from) + edit.insert + el.value.slice(edit.to));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const el = event.currentTarget;
    if (event.key === 'Escape') {
      if (tabLeaves) return;
      // The first Esc frees Tab; it does not close the dialog around the editor.
      setTabLeaves(true);
      event.stopPropagation();
      return;
    }
    if (event.key === 'Tab' && !tabLeaves && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      event.stopPropagation();
      apply(el, (event.shiftKey ? outdentEdit : indentEdit)(el.value, el.selectionStart, el.selectionEnd));
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      apply(el, newlineEdit(el.value, el.selectionStart, el.selectionEnd));
    }
    if (event.key !== 'Tab' && event.key !== 'Shift') setTabLeaves(false);
  };

  return (
    <div className={frameClasses(invalid, 'flex overflow-hidden font-mono text-[13px] leading-5')}>
      <div aria-hidden="true" className="shrink-0 border-r border-line bg-surface-2 px-2 py-2 text-right text-subtle tabular-nums select-none">
        {Array.from({ length: Math.max(lines, minRows) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line number is its own identity.
          <div key={i} className={i < lines ? '' : 'invisible'}>
            {i + 1}
          </div>
        ))}
      </div>
      <textarea
        ref={ref}
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setTabLeaves(false)}
        // One spare row keeps a horizontal scroll bar from covering the last line.
        rows={Math.max(lines + 1, minRows)}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        autoComplete="off"
        aria-multiline="true"
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={describedByIds}
        className="min-w-0 flex-1 resize-none overflow-x-auto overflow-y-hidden bg-transparent px-3 py-2 whitespace-pre text-ink caret-brand outline-none [tab-size:2]"
      />
      <span className="sr-only" aria-live="polite">
        {tabLeaves ? 'Tab now moves to the next control.' : ''}
      </span>
    </div>
  );
}

/** A `code` field: the code editor in the form's frame, with the key hint under it. */
export function CodeFieldEditor({ field, value, onChange, id, error }: FieldEditorProps<'code'>) {
  const text = typeof value === 'string' ? value : '';
  return (
    <FieldShell id={id} label={field.label} required={field.required} description={field.description} error={error} hint={CODE_EDITOR_HINT}>
      <CodeEditor
        id={id}
        value={text}
        onChange={onChange}
        invalid={!!error}
        required={field.required}
        describedBy={describedBy(id, { description: field.description, error, hint: CODE_EDITOR_HINT })}
      />
    </FieldShell>
  );
}
