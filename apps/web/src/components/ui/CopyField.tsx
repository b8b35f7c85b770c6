import { useId, useRef } from 'react';
import { useCopyToClipboard } from '../../hooks/useCopyToClipboard';
import { toast } from '../../stores/toast.store';
import { Button } from './Button';
import { CheckIcon, CopyIcon } from './icons';
import { inputClasses } from './TextField';

export interface CopyFieldProps {
  label: string;
  value: string;
  hint?: string;
  /** Announced in a toast after copying, e.g. "API key copied". */
  copiedMessage?: string;
}

/** A label as it reads mid-sentence: "Webhook URL" → "webhook URL", while "API key" keeps its capitals. */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label[0]?.toLowerCase() + label.slice(1) : label;
}

/**
 * A read-only value with a Copy button: keys, URLs, commands. Focusing the field selects
 * it whole, so copying by hand still works when the browser refuses clipboard access.
 */
export function CopyField({ label, value, hint, copiedMessage = 'Copied to the clipboard' }: CopyFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { copied, copy: copyText } = useCopyToClipboard(2000);

  const copy = async () => {
    if (await copyText(value)) {
      toast.success(copiedMessage, 2500);
      return;
    }
    input.current?.select();
    toast.warning('The browser did not allow copying. The text is selected: press Ctrl+C (⌘C on a Mac).');
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className={`${inputClasses} min-w-0 flex-1 font-mono text-[13px]`}
        />
        <Button variant="secondary" onClick={() => void copy()} aria-label={`Copy ${inSentence(label)}`}>
          {copied ? <CheckIcon size={15} /> : <CopyIcon size={15} />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
