import { isCustomNodeType, type NodeDefinition } from '@weft/core';
import type { CustomNodeType } from '../../api/custom-nodes';

/** A custom type as an export file carries it (docs/API.md, `customNodes`), as the server writes it. */
export interface ExportedCustomNode {
  type: string;
  definition: NodeDefinition;
  code: string;
}

/**
 * The `customNodes` of an export made in the editor: the user's types that the
 * workflow's nodes use, in the same shape as the server's export, so the file imports
 * into another account with its custom nodes.
 */
export function customNodesForExport(usedTypes: Iterable<string>, mine: readonly CustomNodeType[]): ExportedCustomNode[] {
  const used = new Set([...usedTypes].filter(isCustomNodeType));
  return mine
    .filter((node) => used.has(node.type))
    .map(({ type, version, title, description, inputs, outputs, config, code }) => ({
      type,
      definition: { type, version, title, category: 'Custom', description, inputs, outputs, config },
      code,
    }));
}
