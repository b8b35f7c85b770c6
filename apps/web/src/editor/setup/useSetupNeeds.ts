import { type SetupNeed, setupNeedNodeIds, workflowSetupNeeds } from '@weft/core';
import { useMemo } from 'react';
import { useSecretNames } from '../../api/useSecretNames';
import { useEditorStore } from '../store/editor.store';

/**
 * What the open workflow still needs before it can run (core's `workflowSetupNeeds`),
 * recomputed when the document changes, not on every drag frame: the revision counts
 * document changes, and positions do not matter here.
 */
export function useSetupNeeds(): { needs: readonly SetupNeed[]; nodeIds: ReadonlySet<string> } {
  const revision = useEditorStore((s) => s.revision);
  const workflowId = useEditorStore((s) => s.workflowId);
  const definitions = useEditorStore((s) => s.definitions);
  const globalParameters = useEditorStore((s) => s.globalParameters);
  const { secrets } = useSecretNames();
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision and workflowId stand for the nodes, read from the store.
  return useMemo(() => {
    const { nodes } = useEditorStore.getState();
    const needs = definitions.length ? workflowSetupNeeds({ nodes, globalParameters }, definitions, secrets ? secrets.map((s) => s.name) : null) : [];
    return { needs, nodeIds: new Set(needs.flatMap(setupNeedNodeIds)) };
  }, [revision, workflowId, definitions, globalParameters, secrets]);
}

/**
 * Marks the nodes that need something with an amber ring and a "Needs setup" tag: one
 * stylesheet keyed by node id instead of a prop on every card (connection-highlight-css.ts).
 */
export function setupHighlightCss(nodeIds: ReadonlySet<string>): string {
  if (nodeIds.size === 0) return '';
  const selectors = [...nodeIds].map((id) => `.react-flow__node[data-id="${CSS.escape(id)}"] .weft-node-card`);
  return `${selectors.join(',\n')} {
  border-color: var(--color-warn);
  box-shadow: 0 0 0 2px color-mix(in oklab, var(--color-warn) 35%, transparent);
  position: relative;
}
${selectors.map((s) => `${s}::after`).join(',\n')} {
  content: 'Needs setup';
  position: absolute;
  top: -0.7rem;
  right: 0.75rem;
  padding: 0 0.4rem;
  border-radius: 9999px;
  background: var(--color-warn);
  color: #fff;
  font-size: 10px;
  font-weight: 600;
  line-height: 1.1rem;
}`;
}
