import type { ConnectionRequest } from '@weft/core';

interface HandleEnd {
  nodeId: string;
  id?: string | null;
  type: 'source' | 'target';
}

/**
 * The request a drag means, whichever end it started from (a user may drag from an
 * input back to an output). Null unless it joins an output to an input.
 */
export function requestBetween(from: HandleEnd, to: HandleEnd | null | undefined): ConnectionRequest | null {
  if (!to || !from.id || !to.id || from.type === to.type) return null;
  const [source, target] = from.type === 'source' ? [from, to] : [to, from];
  return { source: source.nodeId, sourceHandle: source.id ?? '', target: target.nodeId, targetHandle: target.id ?? '' };
}

/** The info toast after a connection inserted nodes (SPEC.md section 4). */
export function insertionMessage(inserted: readonly { kind: 'converter' | 'merger'; label: string; detail: string }[]): string | null {
  if (inserted.length === 0) return null;
  const parts = inserted.map((i) => (i.kind === 'converter' ? `the “${i.label}” converter (${i.detail})` : `a “${i.label}” node (${i.detail})`));
  return `Inserted ${parts.join(' and ')}.`;
}
