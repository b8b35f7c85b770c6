import { useRef, useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { AlertTriangleIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { ConcurrentEditsView } from './ConcurrentEditsView';
import { describeStaleSave, type StaleSave } from './stale-save';
import { useTheirChanges } from './useTheirChanges';

interface ConflictDialogProps {
  stale: StaleSave;
  /** Takes the stored version, discarding this editor's changes (after a confirmation here). */
  onReload(): void;
  /** Keeps this editor's document as a new workflow, which then is the one open. */
  onSaveCopy(): void;
  onCancel(): void;
  copying: boolean;
}

type View = 'choices' | 'changes' | 'confirm-reload';

/**
 * A save refused as stale (409): someone saved this workflow after it was opened here.
 * Nothing is overwritten: the user sees both sides' changes, reloads theirs (losing their
 * own, once confirmed) or saves theirs as a copy. Cancel keeps editing; a later save is
 * refused the same way.
 */
export function ConflictDialog({ stale, onReload, onSaveCopy, onCancel, copying }: ConflictDialogProps) {
  const [view, setView] = useState<View>('choices');
  const [changesAsked, setChangesAsked] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const their = useTheirChanges(changesAsked);
  const which = stale.currentVersion === null ? 'the newer version' : `version ${stale.currentVersion}`;

  const showChanges = () => {
    setChangesAsked(true);
    setView(view === 'changes' ? 'choices' : 'changes');
  };

  return (
    <Modal role="alertdialog" labelledBy="conflict-title" describedBy="conflict-message" onClose={onCancel} initialFocusRef={cancelRef} variant="panel">
      <div className="flex gap-4 border-b border-line px-5 py-4" data-testid="conflict-dialog">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-warn/10 text-warn">
          <AlertTriangleIcon size={20} />
        </span>
        <div className="min-w-0">
          <h2 id="conflict-title" className="text-base font-semibold text-ink">
            This workflow was changed elsewhere
          </h2>
          <p id="conflict-message" className="mt-1 text-sm leading-6 text-muted">
            {describeStaleSave(stale, new Date())} Your changes are not saved: nothing was overwritten.
          </p>
        </div>
      </div>
      {view === 'changes' && (
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
          {their.edits ? (
            <ConcurrentEditsView edits={their.edits} theirVersion={stale.currentVersion} />
          ) : their.error ? (
            <Alert tone="error">Could not load their version: {their.error}</Alert>
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted">
              <Spinner size={14} decorative /> Loading their version…
            </p>
          )}
        </div>
      )}
      {view === 'confirm-reload' ? (
        <div className="flex flex-col gap-3 px-5 py-4" data-testid="confirm-reload">
          <p className="text-sm text-ink">Reload {which} and lose your unsaved changes? To keep them, save them as a copy first.</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setView('choices')}>
              Back
            </Button>
            <Button variant="danger" onClick={onReload}>
              Reload and discard mine
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col-reverse gap-2 px-5 py-4 sm:flex-row sm:justify-end">
          <Button ref={cancelRef} variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={showChanges} aria-expanded={view === 'changes'}>
            {view === 'changes' ? 'Hide changes' : 'See their changes'}
          </Button>
          <Button variant="secondary" onClick={() => setView('confirm-reload')}>
            Reload…
          </Button>
          <Button onClick={onSaveCopy} loading={copying}>
            Save as a copy
          </Button>
        </div>
      )}
    </Modal>
  );
}
