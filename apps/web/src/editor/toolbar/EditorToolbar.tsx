import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { InlineEdit } from '../../components/ui/InlineEdit';
import { ArrowLeftIcon, AutoLayoutIcon, RedoIcon, SaveIcon, SlidersIcon, UndoIcon } from '../../components/ui/icons';
import { autoLayout } from '../canvas/auto-layout';
import { ChatButton } from '../chat/ChatButton';
import { useVersionHistory } from '../history/useVersionHistory';
import { PresenceAvatars } from '../presence/PresenceAvatars';
import { ScheduleButton } from '../schedule/ScheduleButton';
import { useWorkflowSettings } from '../settings/useWorkflowSettings';
import { useEditorStore } from '../store/editor.store';
import { shortcutLabel } from '../useEditorShortcuts';
import { WebhookButton } from '../webhook/WebhookButton';
import { SaveState } from './SaveState';
import { TOOL_LABEL, toolClasses } from './tool-look';
import { WorkflowMenu } from './WorkflowMenu';

interface EditorToolbarProps {
  onSave(): void;
  saving: boolean;
  /** Run, Cancel, Re-run and the run history (editor/run), shown before Save. */
  runControls?: ReactNode;
}

/**
 * One of the toolbar's tools: its icon, and its name in words where there is room
 * (`text`); a bare icon only for the universal ones (undo, redo), named by tooltip.
 */
function ToolButton({
  label,
  text,
  title,
  onClick,
  disabled,
  pressed,
  children,
}: {
  label: string;
  /** The name shown beside the icon; none for an icon everybody reads. */
  text?: string;
  title?: string;
  onClick(): void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={title ?? label}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
      className={toolClasses({ pressed, iconOnly: !text })}
    >
      {children}
      {text && <span className={TOOL_LABEL}>{text}</span>}
    </button>
  );
}

const Divider = () => <span aria-hidden="true" className="mx-1 h-5 w-px bg-line" />;

/**
 * The editor's bar: back, name and save state; undo and redo; then the tools by name (issue
 * 22, a newcomer reads them): Parameters, Schedule, Webhook, Chat, and the Workflow menu
 * (version history, settings, import, export, clear); the run controls and Save. The editing
 * icons everybody reads (undo, redo, tidy up) stay icons with tooltips; fit to view is the
 * canvas's own control, beside the zoom.
 */
export function EditorToolbar({ onSave, saving, runControls }: EditorToolbarProps) {
  const name = useEditorStore((s) => s.name);
  const setName = useEditorStore((s) => s.setName);
  const canUndo = useEditorStore((s) => s.history.past.length > 0);
  const canRedo = useEditorStore((s) => s.history.future.length > 0);
  const hasNodes = useEditorStore((s) => s.nodes.length > 0);
  const globalsOpen = useEditorStore((s) => s.rightPanel?.kind === 'globals' || s.modalPanel?.kind === 'globals');
  const history = useVersionHistory();
  const settings = useWorkflowSettings();

  const layout = () => {
    const s = useEditorStore.getState();
    s.setPositions(autoLayout(s.nodes, s.edges, s.definitionsByType));
    s.requestFitView();
  };
  const toggleGlobals = () => {
    const s = useEditorStore.getState();
    if (s.rightPanel?.kind === 'globals') s.closeRightPanel();
    else if (s.modalPanel?.kind === 'globals') s.closeModalPanel();
    else s.openPanel({ kind: 'globals' });
  };

  return (
    <div className="flex h-12 shrink-0 items-center gap-1 border-b border-line bg-surface px-2 sm:px-3" role="toolbar" aria-label="Workflow editor">
      <Link
        to="/dashboard"
        aria-label="All workflows"
        title="All workflows"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-ink"
      >
        <ArrowLeftIcon size={16} />
      </Link>
      <div className="flex min-w-0 items-center gap-2.5 pl-1">
        <div className="min-w-[9rem] max-w-[16rem] sm:max-w-xs xl:max-w-sm" data-testid="workflow-name">
          <InlineEdit value={name} onCommit={setName} label="Workflow name" maxLength={200} className="h-8 text-[15px] font-semibold" />
        </div>
        <SaveState />
        <PresenceAvatars />
      </div>
      <div className="ml-auto flex items-center gap-0.5">
        <ToolButton label="Undo" title={`Undo (${shortcutLabel('Z')})`} onClick={() => useEditorStore.getState().undo()} disabled={!canUndo}>
          <UndoIcon />
        </ToolButton>
        <ToolButton label="Redo" title={`Redo (${shortcutLabel('Z', true)})`} onClick={() => useEditorStore.getState().redo()} disabled={!canRedo}>
          <RedoIcon />
        </ToolButton>
        <ToolButton label="Tidy up" title="Tidy up: arrange the nodes left to right" onClick={layout} disabled={!hasNodes}>
          <AutoLayoutIcon />
        </ToolButton>
        <Divider />
        <ToolButton
          label="Global parameters"
          text="Parameters"
          title="Parameters: values the nodes share, {{params.key}}"
          onClick={toggleGlobals}
          pressed={globalsOpen}
        >
          <SlidersIcon />
        </ToolButton>
        <ScheduleButton />
        <WebhookButton />
        <ChatButton />
        <WorkflowMenu history={history} settings={settings} />
        <Divider />
        {runControls && (
          <>
            {runControls}
            <Divider />
          </>
        )}
        <Button size="sm" onClick={onSave} loading={saving} title={`Save (${shortcutLabel('S')})`} className="ml-1">
          {!saving && <SaveIcon size={15} />}
          Save
        </Button>
      </div>
      {history.dialog}
      {settings.dialog}
    </div>
  );
}
