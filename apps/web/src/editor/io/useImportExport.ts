import { useQueryClient } from '@tanstack/react-query';
import { isCustomNodeType } from '@weft/core';
import { type ChangeEvent, useCallback } from 'react';
import { fetchCustomNodes, importCustomNodes } from '../../api/custom-nodes';
import { errorMessage } from '../../lib/api';
import { downloadJson, safeFileName } from '../../lib/download';
import { confirmDialog } from '../../stores/confirm.store';
import { toast } from '../../stores/toast.store';
import { customNodesForExport, type ExportedCustomNode } from '../custom-nodes/custom-nodes-export';
import { toWorkflowDocument } from '../store/document-model';
import { useEditorStore } from '../store/editor.store';
import { snapshotOf } from '../store/editor-state';
import { readCarriedCustomNodes, refreshNodeDefinitions, retypeNodes, withCarriedDefinitions } from './import-custom-nodes';
import { parseWorkflowJson, readWorkflowInput } from './read-workflow-file';

/**
 * Export downloads what is on the canvas (unsaved edits included) in the server's
 * export format. Import reads a file into the open workflow as one undoable change,
 * after a confirmation when the canvas has work on it; a file that does not read cleanly
 * is refused with its reason and the open work stays exactly as it was. Custom node
 * types the file carries are brought into the user's account first
 * (import-custom-nodes.ts), so that their nodes open, save and run.
 */
export function useImportExport() {
  const queryClient = useQueryClient();
  const exportWorkflow = useCallback(async () => {
    const document = toWorkflowDocument(snapshotOf(useEditorStore.getState()));
    // The custom node types the workflow uses travel with it, as in the server's export.
    const types = document.nodes.map((node) => node.data.type);
    let customNodes: ExportedCustomNode[] = [];
    if (types.some(isCustomNodeType)) {
      try {
        customNodes = customNodesForExport(types, await fetchCustomNodes(queryClient));
      } catch (error) {
        toast.warning(`Exported without your custom node types, which could not be loaded: ${errorMessage(error)}`);
      }
    }
    downloadJson(`${safeFileName(document.name)}.json`, { weft: 'workflow', ...document, ...(customNodes.length > 0 ? { customNodes } : {}) });
  }, [queryClient]);

  const importFile = useCallback(
    async (file: File) => {
      const state = useEditorStore.getState();
      let text: string;
      try {
        text = await file.text();
      } catch {
        toast.error('That file could not be read.');
        return;
      }
      const parsed = parseWorkflowJson(text);
      if (!parsed.ok) {
        toast.error(parsed.message);
        return;
      }
      // Checked whole before anything is created for the user, the carried custom types
      // standing in for what the import will make of them.
      const carried = readCarriedCustomNodes(parsed.input);
      if (!carried.ok) {
        toast.error(carried.message);
        return;
      }
      const read = readWorkflowInput(parsed.input, withCarriedDefinitions(state.definitions, carried.definitions));
      if (!read.ok) {
        toast.error(read.message);
        return;
      }
      if (state.nodes.length > 0) {
        const confirmed = await confirmDialog({
          title: 'Replace the open workflow?',
          message: `The canvas will show “${read.document.name}” from ${file.name} in place of what is there now. You can undo this.`,
          confirmLabel: 'Replace',
        });
        if (!confirmed) return;
      }
      let document = read.document;
      let created = 0;
      if (carried.list.length > 0) {
        // As the dashboard's import: the types are created (or found) in the user's
        // account, the nodes re-pointed to the ids they got, and the catalogue reloaded
        // so that the canvas knows them. On any failure the open work stays as it is.
        try {
          const answer = await importCustomNodes(carried.list);
          created = answer.created;
          const definitions = await refreshNodeDefinitions(queryClient);
          useEditorStore.getState().setDefinitions(definitions);
          const retyped = readWorkflowInput(retypeNodes(parsed.input, answer.types), definitions);
          if (!retyped.ok) {
            toast.error(retyped.message);
            return;
          }
          document = retyped.document;
        } catch (error) {
          toast.error(errorMessage(error, 'The custom node types of this file could not be imported. Please try again.'));
          return;
        }
      }
      useEditorStore.getState().replaceDocument(document);
      const added = created > 0 ? ` with ${created} new custom node type${created === 1 ? '' : 's'}` : '';
      toast.success(`Imported “${document.name}”${added}. Save to keep it.`);
    },
    [queryClient],
  );

  const onFileChosen = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      // Cleared so that choosing the same file again fires another change.
      event.target.value = '';
      if (file) void importFile(file);
    },
    [importFile],
  );

  return { exportWorkflow, onFileChosen };
}
