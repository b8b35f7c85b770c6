import { Button } from '../../components/ui/Button';
import { CheckIcon, CopyIcon } from '../../components/ui/icons';
import { useCopyToClipboard } from '../../hooks/useCopyToClipboard';
import { toast } from '../../stores/toast.store';

/** A labelled, copyable block of code (a command to paste into a terminal). */
export function CodeSample({ label, code }: { label: string; code: string }) {
  const { copied, copy: copyText } = useCopyToClipboard(2000);
  const copy = async () => {
    if (!(await copyText(code))) toast.warning('The browser did not allow copying. Select the command and copy it by hand.');
  };
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-ink">{label}</span>
        <Button variant="ghost" size="sm" onClick={() => void copy()} aria-label={`Copy: ${label}`}>
          {copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {/* Wrapped rather than scrolled sideways, so the whole command is readable without focus. */}
      <pre className="mt-1.5 rounded-lg border border-line bg-surface-2 p-3 font-mono text-xs leading-5 break-all whitespace-pre-wrap text-ink">{code}</pre>
    </div>
  );
}
