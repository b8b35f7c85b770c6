import type { NodeDefinition, PortDefinition } from '@weft/core';
import { useId, useState } from 'react';
import { BookIcon, ChevronDownIcon } from '../../components/ui/icons';
import { Markdown } from '../../docs/Markdown';
import { TypeChip } from '../../docs/TypeChip';

function Ports({ title, ports }: { title: string; ports: readonly PortDefinition[] }) {
  return (
    <div className="min-w-0">
      <h4 className="text-[11px] font-semibold tracking-wide text-subtle uppercase">{title}</h4>
      {ports.length === 0 ? (
        <p className="mt-1.5 text-xs text-subtle">None</p>
      ) : (
        <ul className="mt-1.5 space-y-1.5">
          {ports.map((port) => (
            <li key={port.id} className="flex flex-wrap items-center gap-1.5 text-xs text-ink">
              <TypeChip type={port.type} />
              <span className="truncate">{port.label}</span>
              {port.optional && <span className="text-subtle">optional</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface NodeAboutProps {
  definition: NodeDefinition;
  /** The node's actual inputs (a merger's count comes from its config). */
  inputs: readonly PortDefinition[];
  defaultOpen?: boolean;
}

/** "About this node": ports and the definition's markdown docs, folded away by default. */
export function NodeAbout({ definition, inputs, defaultOpen = false }: NodeAboutProps) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <div className="rounded-lg border border-line">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-[13px] font-medium text-ink hover:bg-surface-2"
      >
        <BookIcon size={14} className="text-subtle" />
        <span className="flex-1">About this node</span>
        <ChevronDownIcon size={14} className={`text-subtle transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div id={bodyId} className="space-y-4 border-t border-line px-3 py-3">
          <div className="grid grid-cols-2 gap-3">
            <Ports title="Inputs" ports={inputs} />
            <Ports title="Outputs" ports={definition.outputs} />
          </div>
          {definition.docs && <Markdown source={definition.docs} className="text-[13px]" />}
        </div>
      )}
    </div>
  );
}
