import { useState } from 'react';
import { CloseIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/Modal';
import { VersionDetail } from './VersionDetail';
import { VersionList } from './VersionList';

interface VersionHistoryDialogProps {
  workflowId: string;
  /** Opened on this version (a run's link), else on none. */
  initialVersion: number | null;
  onClose(): void;
}

/** The History panel: kept versions on the left, the chosen one's diff and restore on the right. */
export function VersionHistoryDialog({ workflowId, initialVersion, onClose }: VersionHistoryDialogProps) {
  const [selected, setSelected] = useState<number | null>(initialVersion);
  return (
    <Modal labelledBy="version-history-title" onClose={onClose} variant="panel">
      <div className="flex items-center justify-between border-b border-line px-5 py-3.5" data-testid="version-history">
        <div>
          <h2 id="version-history-title" className="text-base font-semibold text-ink">
            Version history
          </h2>
          <p className="text-xs text-muted">Every save is kept. Choose a version to see what changed since.</p>
        </div>
        <button
          type="button"
          aria-label="Close version history"
          onClick={onClose}
          className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-ink"
        >
          <CloseIcon size={16} />
        </button>
      </div>
      <div className="grid min-h-0 flex-1 grid-cols-1 overflow-hidden sm:grid-cols-[15rem_minmax(0,1fr)]">
        <div className="max-h-48 overflow-y-auto border-b border-line sm:max-h-none sm:border-r sm:border-b-0">
          <VersionList workflowId={workflowId} selected={selected} onSelect={setSelected} />
        </div>
        <div className="min-h-[16rem] overflow-y-auto">
          {selected === null ? (
            <p className="p-5 text-sm text-muted">Choose a version on the left to see what changed between it and the current workflow.</p>
          ) : (
            <VersionDetail key={selected} workflowId={workflowId} version={selected} onRestored={setSelected} />
          )}
        </div>
      </div>
    </Modal>
  );
}
