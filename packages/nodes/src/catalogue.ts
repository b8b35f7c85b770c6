import { converterNode } from './converter.node.js';
import type { NodeType } from './define-node.js';
import { mergerNode } from './merger.node.js';
import { outputNode } from './output.node.js';
import { textInputNode } from './text-input.node.js';

/** Every built-in node type, in library order. */
export const BUILTIN_NODES: readonly NodeType[] = [textInputNode, outputNode, mergerNode, converterNode];

export function findNodeType(type: string): NodeType | undefined {
  return BUILTIN_NODES.find((n) => n.type === type);
}
