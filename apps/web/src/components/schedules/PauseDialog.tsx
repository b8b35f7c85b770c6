import { SCHEDULE_SETTING_LIMITS, type Schedule } from '@weft/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useRefusableAction } from '../../hooks/useRefusableAction';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { controlClasses } from '../ui/control-styles';
import { DialogHeading } from '../ui/DialogHeading';
import { PauseIcon } from '../ui/icons';
import { Modal } from '../ui/Modal';
import { scheduleTitle } from './schedule-text';

const NOTE_MAX = SCHEDULE_SETTING_LIMITS.pauseNote;

interface PauseDialogProps {
  schedule: Schedule;
  /** Pauses with the note (empty: none); resolves to the server's refusal in words, or null once paused. */
  onPause(note: string): Promise<string | null>;
  onClose(): void;
}

/**
 * Pausing asks for an optional note saying why ("until the API key is renewed"): it shows
 * under the schedule's name while it is paused, for whoever looks next.
 */
export function PauseDialog({ schedule, onPause, onClose }: PauseDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const noteId = useId();
  const note = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const { saving, error, send } = useRefusableAction(onPause, onClose);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await send(text);
  };

  return (
    <Modal labelledBy={titleId} describedBy={descriptionId} onClose={onClose} initialFocusRef={note}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogHeading
          icon={<PauseIcon size={20} />}
          tone="warn"
          title={`Pause “${scheduleTitle(schedule)}”?`}
          titleId={titleId}
          description="It will not run until you resume it. Times it misses meanwhile follow its catch-up policy."
          descriptionId={descriptionId}
        >
          <div className="mt-4 flex flex-col gap-1.5">
            <div className="flex items-baseline justify-between gap-2">
              <label htmlFor={noteId} className="text-sm font-medium text-ink">
                Note
              </label>
              <span className="text-xs text-subtle">Optional</span>
            </div>
            <textarea
              ref={note}
              id={noteId}
              rows={3}
              maxLength={NOTE_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                // Ctrl/⌘+Enter pauses from the note, as a form's Enter would.
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit(e);
              }}
              placeholder="Why it is paused, e.g. until the API key is renewed"
              aria-describedby={`${noteId}-count`}
              className={controlClasses(false, 'resize-y px-2.5 py-2 leading-6')}
            />
            <p id={`${noteId}-count`} className="text-xs text-muted">
              Shown under its name while it is paused. {text.length}/{NOTE_MAX}
            </p>
          </div>
          {error && (
            <div className="mt-3">
              <Alert tone="error">{error}</Alert>
            </div>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Pause schedule
            </Button>
          </div>
        </DialogHeading>
      </form>
    </Modal>
  );
}
