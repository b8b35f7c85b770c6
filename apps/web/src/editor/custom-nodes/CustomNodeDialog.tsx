import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CustomNodeType } from '../../api/custom-nodes';
import { useCustomNodeMutations } from '../../api/useCustomNodeMutations';
import { Button } from '../../components/ui/Button';
import { controlClasses } from '../../components/ui/control-styles';
import { IconButton } from '../../components/ui/IconButton';
import { CloseIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/Modal';
import { errorMessage } from '../../lib/api';
import { confirmDialog } from '../../stores/confirm.store';
import { toast } from '../../stores/toast.store';
import { CODE_EDITOR_HINT, CodeEditor } from '../fields/CodeFieldEditor';
import { type CustomNodeForm, emptyForm, formFromCustomNode, formIssues, toRequest, typePreview } from './custom-node-form';
import { controlProps, ErrorText, type FieldErrors, FormSection } from './form-controls';
import { PortListEditor } from './PortListEditor';
import { SettingListEditor } from './SettingListEditor';

export interface CustomNodeDialogProps {
  /** The type to edit; a new one when absent. */
  existing?: CustomNodeType;
  onClose(): void;
}

/**
 * "New custom node" and "Edit custom node": title, description, typed inputs and outputs,
 * settings and code. The same schema as the server checks as the user goes (a field's
 * problem shows once it was left, all of them after a save attempt, and focus goes to
 * the first); the server's own refusal arrives as a toast with its message.
 */
export function CustomNodeDialog({ existing, onClose }: CustomNodeDialogProps) {
  const prefix = useId();
  const titleId = `${prefix}-heading`;
  const [initial] = useState<CustomNodeForm>(() => (existing ? formFromCustomNode(existing) : emptyForm()));
  const [form, setForm] = useState<CustomNodeForm>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempts, setAttempts] = useState(0);
  const issues = useMemo(() => formIssues(form), [form]);
  const { save } = useCustomNodeMutations();
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  const visible = (path: string) => attempts > 0 || [...touched].some((t) => path === t || path.startsWith(`${t}.`));
  const errors: FieldErrors = {
    error: (path) => (visible(path) ? issues[path] : undefined),
    errorUnder: (path) => {
      const key = Object.keys(issues).find((p) => (p === path || p.startsWith(`${path}.`)) && visible(p));
      return key === undefined ? undefined : issues[key];
    },
    touch: (path) => setTouched((current) => (current.has(path) ? current : new Set(current).add(path))),
    idFor: (path) => `${prefix}-${path.replace(/\./g, '-')}`,
  };
  const problemCount = Object.keys(issues).length;

  // After a refused save, take the user to the first problem.
  useEffect(() => {
    if (attempts === 0) return;
    bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problemCount > 0) {
      setAttempts((n) => n + 1);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: existing?.id, body: toRequest(form) });
      toast.success(existing ? `Saved “${saved.title}”.` : `Created “${saved.title}”. It is in the node library under Custom.`);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'The custom node could not be saved. Please try again.'));
    }
  };

  // Ctrl/Cmd+S saves this node, not the workflow behind the dialog (the editor's own
  // shortcut listens on window; stopping the event here keeps it from getting there).
  const saveShortcut = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.requestSubmit();
  };
  const set = (change: Partial<CustomNodeForm>) => setForm((current) => ({ ...current, ...change }));
  // Escape, the backdrop, Close and Cancel: ask before dropping what was typed.
  const requestClose = async () => {
    const changed = JSON.stringify(toRequest(form)) !== JSON.stringify(toRequest(initial));
    if (
      !changed ||
      (await confirmDialog({
        title: 'Discard your changes?',
        message: 'What you entered for this custom node will be lost.',
        confirmLabel: 'Discard',
        danger: true,
      }))
    ) {
      onClose();
    }
  };
  const heading = existing ? `Edit “${existing.title}”` : 'New custom node';
  const codeId = errors.idFor('code');

  return (
    <Modal labelledBy={titleId} onClose={() => void requestClose()} variant="panel" initialFocusRef={titleInput}>
      <form onSubmit={submit} onKeyDown={saveShortcut} noValidate className="flex min-h-0 flex-1 flex-col">
        <header className="flex h-12 shrink-0 items-center gap-2 border-b border-line pr-3 pl-5">
          <h2 id={titleId} className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">
            {heading}
          </h2>
          <IconButton label="Close" onClick={() => void requestClose()}>
            <CloseIcon size={16} />
          </IconButton>
        </header>
        <div ref={bodyRef} className="min-h-0 flex-1 overflow-y-auto">
          <FormSection title="About">
            <div className="space-y-3">
              <div className="flex flex-col gap-1">
                <label htmlFor={errors.idFor('title')} className="text-[13px] font-medium text-ink">
                  Title
                  <span aria-hidden="true" className="ml-0.5 text-danger">
                    *
                  </span>
                </label>
                <input
                  {...controlProps(errors, 'title')}
                  ref={titleInput}
                  value={form.title}
                  aria-required
                  maxLength={120}
                  onChange={(e) => set({ title: e.target.value })}
                  placeholder="e.g. Word count"
                  className={controlClasses(!!errors.error('title'), 'h-9 px-3')}
                />
                <ErrorText errors={errors} path="title" />
                <p className="text-xs text-subtle">
                  Type id: <code className="font-mono">{existing ? existing.type : typePreview(form.title)}</code>
                  {existing ? ' (kept, so workflows using it stay connected)' : ' (a number is added if you already have one)'}
                </p>
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor={errors.idFor('description')} className="text-[13px] font-medium text-ink">
                  Description
                </label>
                <textarea
                  {...controlProps(errors, 'description')}
                  value={form.description}
                  rows={2}
                  onChange={(e) => set({ description: e.target.value })}
                  placeholder="What the node does, shown in the library"
                  className={controlClasses(!!errors.error('description'), 'resize-y px-3 py-2 leading-5')}
                />
                <ErrorText errors={errors} path="description" />
              </div>
            </div>
          </FormSection>
          <PortListEditor side="inputs" ports={form.inputs} onChange={(inputs) => set({ inputs })} errors={errors} />
          <PortListEditor side="outputs" ports={form.outputs} onChange={(outputs) => set({ outputs })} errors={errors} />
          <SettingListEditor settings={form.settings} onChange={(settings) => set({ settings })} errors={errors} />
          <FormSection
            title="Code"
            help="JavaScript run in a sandbox as the body of an async function with inputs, config and params in scope. console.log lines go to the run's logs."
          >
            <label htmlFor={codeId} className="sr-only">
              Code
            </label>
            <CodeEditor
              id={codeId}
              value={form.code}
              onChange={(code) => set({ code })}
              invalid={!!errors.error('code')}
              required
              minRows={10}
              describedBy={`${codeId}-hint${errors.error('code') ? ` ${codeId}-error` : ''}`}
            />
            <div className="mt-1.5 space-y-1">
              <ErrorText errors={errors} path="code" />
              <p id={`${codeId}-hint`} className="text-xs text-subtle">
                {CODE_EDITOR_HINT}
              </p>
            </div>
          </FormSection>
        </div>
        <footer className="flex shrink-0 flex-wrap items-center justify-end gap-2 border-t border-line px-5 py-3">
          <p aria-live="polite" className="mr-auto text-xs text-danger">
            {attempts > 0 && problemCount > 0 ? `${problemCount} ${problemCount === 1 ? 'problem' : 'problems'} to fix before saving` : ''}
          </p>
          <Button variant="secondary" onClick={() => void requestClose()}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {existing ? 'Save changes' : 'Create node'}
          </Button>
        </footer>
      </form>
    </Modal>
  );
}
