import { type NodeDefinition, RUN_OUTPUT_NODE_TYPE } from '@weft/core';
import { memo, useMemo } from 'react';
import { shownRun, useRunStore } from '../run/run.store';
import { nodeResult } from './node-result';

const TONES = {
  value: 'text-ink',
  live: 'text-info',
  error: 'text-danger',
  muted: 'text-subtle italic',
} as const;

/**
 * What a node gave in the run on screen, at the foot of its card (issue 22: results in
 * sight): a short preview or count of its output, its error, or an Output node's value in
 * a few lines, so a run is read on the canvas without opening anything. Under the ports,
 * so the handles stay where node-geometry.ts puts them. Subscribes to its own node's run
 * state only.
 */
export const NodeResultLine = memo(function NodeResultLine({
  nodeId,
  definition,
  config,
}: {
  nodeId: string;
  definition: NodeDefinition;
  config: Readonly<Record<string, unknown>>;
}) {
  const isOutput = definition.type === RUN_OUTPUT_NODE_TYPE;
  const state = useRunStore((s) => shownRun(s)?.run.nodes[nodeId]);
  // The workflow's answer, for an Output node only: other cards never re-render for it.
  const outputs = useRunStore((s) => (isOutput ? shownRun(s)?.run.outputs : undefined));
  const has = isOutput && !!outputs && Object.hasOwn(outputs, nodeId);
  const value = has ? outputs?.[nodeId] : undefined;
  const result = useMemo(() => nodeResult(definition, config, state, { has, value }), [definition, config, state, has, value]);
  if (!result) return null;
  return (
    <div
      className={`border-t border-line/70 px-3 text-[11px] ${isOutput ? 'py-2' : 'flex h-7 items-center gap-1.5'}`}
      data-testid="node-result"
      data-tone={result.tone}
    >
      <span className="sr-only">{result.tone === 'error' ? 'Error: ' : 'Result: '}</span>
      {result.lead && <span className="shrink-0 font-semibold text-muted">{result.lead}</span>}
      <span
        className={`min-w-0 ${TONES[result.tone]} ${isOutput ? 'line-clamp-4 text-xs leading-[18px] whitespace-pre-line' : 'truncate'}`}
        title={result.text}
        data-testid="node-result-text"
      >
        {result.text}
      </span>
    </div>
  );
});
