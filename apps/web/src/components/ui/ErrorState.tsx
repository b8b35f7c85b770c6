import { Button } from './Button';
import { AlertCircleIcon, RefreshIcon } from './icons';

/** A load failure in place of the content, with the reason and a retry. */
export function ErrorState({ title, message, onRetry, retrying = false }: { title: string; message: string; onRetry(): void; retrying?: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center rounded-xl border border-line bg-surface px-6 py-12 text-center shadow-xs">
      <span className="flex size-11 items-center justify-center rounded-full bg-danger/10 text-danger">
        <AlertCircleIcon size={22} />
      </span>
      <h2 className="mt-4 text-base font-semibold text-ink">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-muted">{message}</p>
      <Button variant="secondary" className="mt-6" onClick={onRetry} loading={retrying}>
        {!retrying && <RefreshIcon size={16} />}
        Try again
      </Button>
    </div>
  );
}
