import { useRef } from 'react';
import { ChevronDownIcon, ClockIcon, DownloadIcon, MoreIcon, SettingsIcon, TrashIcon, UploadIcon } from '../../components/ui/icons';
import { MenuButton } from '../../components/ui/MenuButton';
import { menuItemClasses, menuItemShapeClasses, useMenu } from '../../components/ui/useMenu';
import { confirmDialog } from '../../stores/confirm.store';
import { toast } from '../../stores/toast.store';
import type { VersionHistoryControl } from '../history/useVersionHistory';
import { useImportExport } from '../io/useImportExport';
import { isMac, type WorkflowSettingsControl } from '../settings/useWorkflowSettings';
import { useEditorStore } from '../store/editor.store';
import { shortcutLabel } from '../useEditorShortcuts';
import { TOOL_LABEL, toolClasses } from './tool-look';

/**
 * The toolbar's "Workflow" menu: what is done to the workflow as a whole now and then
 * (version history, settings, import, export, clear), named in words and kept out of the row
 * of everyday tools so the workflow's name keeps room. The dialogs it opens are mounted by
 * the toolbar, since the menu's items go when it closes.
 */
export function WorkflowMenu({ history, settings }: { history: VersionHistoryControl; settings: WorkflowSettingsControl }) {
  const menu = useMenu();
  const hasNodes = useEditorStore((s) => s.nodes.length > 0);
  const { exportWorkflow, onFileChosen } = useImportExport();
  const fileInput = useRef<HTMLInputElement>(null);

  const clearCanvas = async () => {
    menu.close(false);
    const count = useEditorStore.getState().nodes.length;
    const confirmed = await confirmDialog({
      title: 'Clear the canvas?',
      message: `All ${count} node${count === 1 ? '' : 's'}, their connections and the global parameters go, and the workflow becomes "Untitled Workflow". Undo brings them back; nothing is stored until you save, and the version history keeps what was saved.`,
      confirmLabel: 'Clear canvas',
      danger: true,
    });
    if (!confirmed) return;
    useEditorStore.getState().clearCanvas();
    toast.success(`Canvas cleared. Undo (${shortcutLabel('Z')}) brings it back.`);
  };

  return (
    <>
      <MenuButton
        menu={menu}
        button={{
          'aria-label': 'Workflow',
          title: 'Workflow: version history, settings, import, export, clear',
          className: toolClasses(),
        }}
        trigger={
          <>
            <MoreIcon size={16} className="xl:hidden" />
            <span className={TOOL_LABEL}>Workflow</span>
            <ChevronDownIcon size={14} className="hidden xl:block" />
          </>
        }
        panelClassName="w-64"
      >
        <button
          type="button"
          role="menuitem"
          aria-disabled={history.unavailable !== null}
          title={history.unavailable ?? 'Every save, what changed, restore'}
          data-testid="version-history-button"
          className={`${menuItemClasses} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
          onClick={() => {
            if (history.unavailable) return;
            menu.close();
            history.open();
          }}
        >
          <ClockIcon size={16} className="text-muted" />
          Version history…
        </button>
        <button
          type="button"
          role="menuitem"
          title="How much runs keep, failure alerts"
          aria-keyshortcuts={isMac ? 'Meta+,' : 'Control+,'}
          data-testid="workflow-settings-button"
          className={menuItemClasses}
          onClick={() => {
            menu.close();
            settings.open();
          }}
        >
          <SettingsIcon size={16} className="text-muted" />
          <span className="flex-1 whitespace-nowrap">Workflow settings…</span>
          <kbd className="font-sans text-xs text-subtle">{shortcutLabel(',')}</kbd>
        </button>
        <hr className="-mx-1.5 my-1 border-line" />
        <button
          type="button"
          role="menuitem"
          className={menuItemClasses}
          onClick={() => {
            menu.close(false);
            fileInput.current?.click();
          }}
        >
          <UploadIcon size={16} className="text-muted" />
          Import JSON…
        </button>
        <button
          type="button"
          role="menuitem"
          className={menuItemClasses}
          onClick={() => {
            menu.close();
            exportWorkflow();
          }}
        >
          <DownloadIcon size={16} className="text-muted" />
          Export JSON
        </button>
        <hr className="-mx-1.5 my-1 border-line" />
        <button
          type="button"
          role="menuitem"
          aria-disabled={!hasNodes}
          className={`${menuItemShapeClasses} text-danger aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
          onClick={() => {
            if (hasNodes) void clearCanvas();
          }}
        >
          <TrashIcon size={16} />
          Clear canvas
        </button>
      </MenuButton>
      <input ref={fileInput} type="file" accept="application/json,.json" className="hidden" onChange={onFileChosen} data-testid="editor-import-input" />
    </>
  );
}
