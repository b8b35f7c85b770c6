import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type CustomNodeType, fetchCustomNodes } from '../../api/custom-nodes';
import { queryKeys } from '../../api/query-keys';
import { useCustomNodeMutations } from '../../api/useCustomNodeMutations';
import { errorMessage } from '../../lib/api';
import { confirmDialog } from '../../stores/confirm.store';
import { toast } from '../../stores/toast.store';
import { CustomNodeDialog } from './CustomNodeDialog';

export interface CustomNodeActions {
  openNew(): void;
  /** Opens the dialog for the type behind a library entry (`custom.…`). */
  openEdit(type: string): void;
  /** Asks, then deletes the type behind a library entry. */
  remove(type: string, title: string): void;
  /** The dialog while open; render it anywhere (it portals itself). */
  dialog: ReactNode;
}

type DialogState = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; node: CustomNodeType };

/**
 * New, edit and delete for custom node types, as the node library offers them. The
 * library knows a type only by its definition; the id and code come from
 * `GET /api/custom-nodes` when an action needs them.
 */
export function useCustomNodeActions(): CustomNodeActions {
  const queryClient = useQueryClient();
  const { remove: removeMutation } = useCustomNodeMutations();
  const [state, setState] = useState<DialogState>({ mode: 'closed' });

  const find = async (type: string): Promise<CustomNodeType | undefined> => {
    try {
      const node = (await fetchCustomNodes(queryClient)).find((n) => n.type === type);
      if (!node) {
        toast.error('This custom node no longer exists. The node library is refreshed.');
        void queryClient.invalidateQueries({ queryKey: queryKeys.nodeDefinitions });
      }
      return node;
    } catch (error) {
      toast.error(errorMessage(error, 'Your custom nodes could not be loaded. Please try again.'));
      return undefined;
    }
  };

  const openEdit = async (type: string) => {
    const node = await find(type);
    if (node) setState({ mode: 'edit', node });
  };

  const remove = async (type: string, title: string) => {
    const confirmed = await confirmDialog({
      title: `Delete “${title}”?`,
      message:
        'Workflows that use this node keep it, shown as an unknown node, and cannot run or be saved until it is removed or the type is created again. This cannot be undone.',
      confirmLabel: 'Delete node type',
      danger: true,
    });
    if (!confirmed) return;
    const node = await find(type);
    if (!node) return;
    try {
      await removeMutation.mutateAsync(node.id);
      toast.success(`Deleted “${title}”.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The custom node could not be deleted. Please try again.'));
    }
  };

  const close = () => setState({ mode: 'closed' });
  return {
    openNew: () => setState({ mode: 'new' }),
    openEdit: (type) => void openEdit(type),
    remove: (type, title) => void remove(type, title),
    dialog:
      state.mode === 'closed' ? null : (
        <CustomNodeDialog key={state.mode === 'edit' ? state.node.id : 'new'} existing={state.mode === 'edit' ? state.node : undefined} onClose={close} />
      ),
  };
}
