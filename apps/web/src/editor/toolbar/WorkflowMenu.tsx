import { useRef } from 'react';
import { DownloadIcon, MoreIcon, TrashIcon, UploadIcon } from '../../components/ui/icons';
import { MenuButton } from '../../components/ui/MenuButton';
import { menuItemClasses, menuItemShapeClasses, useMenu } from '../../components/ui/useMenu';
import { confirmDialog } from '../../stores/confirm.store';
import { toast } from '../../stores/toast.store';
import { useImportExport } from '../io/useImportExport';
import { useEditorStore } from '../store/editor.store';
import { shortcutLabel } from '../useEditorShortcuts';

/**
 * The toolbar's "More" menu: what is done to the workflow as a whole now and then (import,
 * export, clear), kept out of the row of everyday tools so the workflow's name keeps room.
 */
export function WorkflowMenu() {
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
          'aria-label': 'More workflow actions',
          title: 'More: import, export, clear',
          className:
            'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-ink aria-expanded:bg-surface-2 aria-expanded:text-ink',
        }}
        trigger={<MoreIcon size={16} />}
      >
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
