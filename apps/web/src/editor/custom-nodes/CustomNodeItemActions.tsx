import type { NodeDefinition } from '@weft/core';
import { IconButton } from '../../components/ui/IconButton';
import { PencilIcon, TrashIcon } from '../../components/ui/icons';
import type { CustomNodeActions } from './useCustomNodeActions';

/**
 * Edit and delete beside a custom node's library entry. Shown on hover, while focus is
 * inside the entry and always on touch screens; always reachable with Tab (they follow
 * the entry).
 */
export function CustomNodeItemActions({ definition, actions }: { definition: NodeDefinition; actions: CustomNodeActions }) {
  return (
    <div className="absolute top-1.5 right-1.5 flex gap-0.5 rounded-md bg-surface-2 opacity-0 transition-opacity group-hover/entry:opacity-100 focus-within:opacity-100 pointer-coarse:opacity-100">
      <IconButton label={`Edit ${definition.title}`} className="size-7" onClick={() => actions.openEdit(definition.type)}>
        <PencilIcon size={14} />
      </IconButton>
      <IconButton label={`Delete ${definition.title}`} danger className="size-7" onClick={() => actions.remove(definition.type, definition.title)}>
        <TrashIcon size={14} />
      </IconButton>
    </div>
  );
}
