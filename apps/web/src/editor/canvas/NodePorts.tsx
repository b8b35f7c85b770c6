import { type DataType, inputPorts, type NodeDefinition, outputPorts, portType } from '@weft/core';
import { Handle, Position } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { dataTypeSwatch } from '../../lib/palette';
import { inputCompatibility, outputCompatibility } from './port-compatibility';

interface PortView {
  id: string;
  label: string;
  type: DataType;
  optional: boolean;
}

/**
 * The typed handles of a node, inputs on the left and outputs on the right, one row per
 * pair. Each port carries its data type and what it can connect to as data attributes,
 * which the drag highlight reads (connection-highlight-css.ts).
 */
export const NodePorts = memo(function NodePorts({ definition, config }: { definition: NodeDefinition; config: Readonly<Record<string, unknown>> }) {
  const { inputs, outputs } = useMemo(() => {
    const view = (p: ReturnType<typeof outputPorts>[number]): PortView => ({ id: p.id, label: p.label, type: portType(p, config), optional: !!p.optional });
    return { inputs: inputPorts(definition, config).map(view), outputs: outputPorts(definition).map(view) };
  }, [definition, config]);
  const rows = Math.max(inputs.length, outputs.length);
  if (rows === 0) return null;
  return (
    <div className="border-t border-line/70 py-1.5">
      {Array.from({ length: rows }, (_, i) => {
        const input = inputs[i];
        const output = outputs[i];
        return (
          <div key={`${input?.id ?? ''}|${output?.id ?? ''}`} className="flex h-7 items-center justify-between gap-2">
            {input ? <Port port={input} side="target" /> : <span />}
            {output ? <Port port={output} side="source" /> : <span />}
          </div>
        );
      })}
    </div>
  );
});

function Port({ port, side }: { port: PortView; side: 'target' | 'source' }) {
  const swatch = dataTypeSwatch(port.type);
  const compatibility = side === 'target' ? inputCompatibility(port.type) : outputCompatibility(port.type);
  const showType = port.label.toLowerCase() !== port.type;
  const isInput = side === 'target';
  return (
    <div
      className={`weft-port ${side} relative flex h-full min-w-0 items-center gap-1.5 ${isInput ? 'pl-3.5' : 'justify-end pr-3.5'}`}
      data-type={port.type}
      data-direct={compatibility.direct}
      data-converted={compatibility.converted}
      title={`${port.label}: ${port.type} ${isInput ? 'input' : 'output'}${port.optional ? ' (optional)' : ''}`}
    >
      <Handle
        type={side}
        position={isInput ? Position.Left : Position.Right}
        id={port.id}
        className="weft-handle"
        style={{ backgroundColor: swatch.hex }}
        aria-label={`${port.label} (${port.type}) ${isInput ? 'input' : 'output'}`}
      />
      <span className="truncate text-xs text-muted">{port.label}</span>
      {showType && (
        <span className="shrink-0 text-[10px] font-medium" style={{ color: swatch.hex }}>
          {port.type}
        </span>
      )}
    </div>
  );
}
