import type { NodeDefinition } from '@weft/core';
import { memo, useMemo } from 'react';
import { useEditorStore } from '../store/editor.store';
import type { GlobalParameters } from '../store/types';
import { summaryParts, summaryText, usesParameters } from './node-summary';

const NO_PARAMETERS: GlobalParameters = {};

/**
 * The card's one-line summary (node-summary.ts) with global parameters put in: the value
 * where the config says `{{params.key}}`, or the parameter's name, marked, while it has
 * none. Only cards whose summary names a parameter follow the parameters.
 */
export const NodeSummaryLine = memo(function NodeSummaryLine({
  definition,
  config,
}: {
  definition: NodeDefinition;
  config: Readonly<Record<string, unknown>>;
}) {
  const follows = useMemo(() => usesParameters(definition, config), [definition, config]);
  const parameters = useEditorStore((s) => (follows ? s.globalParameters : NO_PARAMETERS));
  const parts = useMemo(() => summaryParts(definition, config, parameters), [definition, config, parameters]);
  if (!parts) return null;
  return (
    // Heights here are CARD.summary in node-geometry.ts.
    <p
      className="mx-3 mb-2 h-6 truncate border-l-2 border-line pl-2 font-mono text-[11px] leading-6 text-muted"
      title={summaryText(parts)}
      data-testid="node-summary"
    >
      {parts.map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one line, rebuilt whole when it changes
            key={i}
            className={part.value ? 'text-ink' : 'text-warn italic'}
            title={part.value ? `Parameter ${part.key}` : `Parameter ${part.key} has no value yet: set it in Parameters`}
            data-param={part.key}
          >
            {part.text}
          </span>
        ),
      )}
    </p>
  );
});
