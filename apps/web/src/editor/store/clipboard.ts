import { newId } from './document-model';
import type { EditorEdge, EditorNode } from './types';

/** Copied nodes and the edges between them (edges to outside nodes are left behind). */
export interface ClipboardContent {
  readonly nodes: readonly EditorNode[];
  readonly edges: readonly EditorEdge[];
}

/** How far each paste lands from the original, so copies never hide what they copy. */
export const PASTE_OFFSET = 40;

export function copyNodes(nodes: readonly EditorNode[], edges: readonly EditorEdge[], ids: ReadonlySet<string>): ClipboardContent | null {
  const picked = nodes.filter((n) => ids.has(n.id));
  if (picked.length === 0) return null;
  return {
    nodes: picked.map((n) => ({ ...n, selected: false, dragging: false })),
    edges: edges.filter((e) => ids.has(e.source) && ids.has(e.target)),
  };
}

/**
 * New nodes and edges for a paste: fresh ids, internal edges re-pointed at the copies,
 * positions moved by `offset`, copies selected. Labels are left to the caller, which
 * knows which ones are taken.
 */
export function pasteNodes(
  content: ClipboardContent,
  offset: { x: number; y: number },
  makeId: (prefix: string) => string = newId,
): { nodes: EditorNode[]; edges: EditorEdge[] } {
  const idMap = new Map(content.nodes.map((n) => [n.id, makeId('node')]));
  const nodes = content.nodes.map(
    (n): EditorNode => ({
      id: idMap.get(n.id) ?? makeId('node'),
      type: 'custom',
      position: { x: n.position.x + offset.x, y: n.position.y + offset.y },
      data: { ...n.data, config: structuredClone(n.data.config), status: 'idle' },
      selected: true,
    }),
  );
  const edges = content.edges.flatMap((e): EditorEdge[] => {
    const source = idMap.get(e.source);
    const target = idMap.get(e.target);
    return source && target ? [{ ...e, id: makeId('edge'), source, target, selected: false }] : [];
  });
  return { nodes, edges };
}
