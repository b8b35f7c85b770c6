import { ArrowLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import { TypeChip } from '../../docs/TypeChip';
import { type PortFlow, valuePreview } from './node-flow';

export interface NodeFlowSectionProps {
  side: 'input' | 'output';
  flows: readonly PortFlow[];
  /** Why no values show (no run on screen, not kept), said once under the ports. */
  note: string | null;
  /** Selects a wired node: the open settings follow it. */
  onGoTo(nodeId: string): void;
}

const TITLES = { input: 'Receives', output: 'Gives' } as const;

/**
 * One side of the node view (issue 22, as n8n's node view shows input and output beside
 * the parameters): each port with its type, the nodes wired to it (a click goes there)
 * and a short preview of its value in the run on screen. Beside the settings in a wide
 * panel, above and under them in a narrow one (ConfigPanel lays it out).
 */
export function NodeFlowSection({ side, flows, note, onGoTo }: NodeFlowSectionProps) {
  const title = TITLES[side];
  return (
    <section aria-label={title} data-testid={`node-${side === 'input' ? 'receives' : 'gives'}`} className="min-w-0">
      <h3 className="mb-2 text-[11px] font-semibold tracking-wide text-subtle uppercase">{title}</h3>
      {flows.length === 0 ? (
        <p className="text-xs text-subtle">{side === 'input' ? 'Nothing: this node starts a flow.' : 'Nothing: this node ends a flow.'}</p>
      ) : (
        <ul className="space-y-2.5">
          {flows.map((flow) => (
            <li key={flow.id} data-port={flow.id} className="rounded-lg border border-line px-2.5 py-2">
              <div className="flex min-w-0 flex-wrap items-center gap-1.5">
                <span className="min-w-0 truncate text-[13px] font-medium text-ink">{flow.label}</span>
                <TypeChip type={flow.type} />
                {flow.optional && <span className="text-[11px] text-subtle">optional</span>}
              </div>
              <Peers side={side} flow={flow} onGoTo={onGoTo} />
              {flow.value && <ValuePreview value={flow.value.value} />}
            </li>
          ))}
        </ul>
      )}
      {note && flows.length > 0 && <p className="mt-2 text-xs leading-5 text-subtle">{note}</p>}
    </section>
  );
}

function Peers({ side, flow, onGoTo }: { side: 'input' | 'output'; flow: PortFlow; onGoTo(nodeId: string): void }) {
  if (flow.peers.length === 0) {
    const needed = side === 'input' && !flow.optional;
    return <p className={`mt-1 text-xs ${needed ? 'text-warn' : 'text-subtle'}`}>{needed ? 'Not connected: needed to run' : 'Not connected'}</p>;
  }
  return (
    <p className="mt-1 flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted">
      <span>{side === 'input' ? 'from' : 'to'}</span>
      {flow.peers.map((peer, index) => (
        <span key={`${peer.nodeId}:${peer.port}`} className="inline-flex min-w-0 items-center gap-1">
          {index > 0 && <span aria-hidden="true">·</span>}
          <button
            type="button"
            onClick={() => onGoTo(peer.nodeId)}
            title={`Go to ${peer.label} (${peer.port})`}
            className="inline-flex min-w-0 items-center gap-0.5 rounded font-medium text-ink underline decoration-line underline-offset-2 hover:decoration-brand focus-visible:ring-2 focus-visible:ring-brand/50 focus-visible:outline-none"
          >
            {side === 'input' && <ArrowLeftIcon size={11} className="shrink-0 text-subtle" />}
            <span className="truncate">{peer.label}</span>
            {side === 'output' && <ChevronRightIcon size={11} className="shrink-0 text-subtle" />}
          </button>
          <span className="text-subtle">{peer.port}</span>
        </span>
      ))}
    </p>
  );
}

function ValuePreview({ value }: { value: unknown }) {
  const { lead, text } = valuePreview(value);
  return (
    <div className="mt-1.5" data-testid="port-value">
      {lead && <p className="mb-1 text-[11px] font-medium text-muted">{lead}</p>}
      {text === '' ? (
        <p className="text-xs text-subtle italic">{value === undefined ? 'No value' : 'Empty'}</p>
      ) : (
        // The clamp sits inside the padding, so no half line shows under the last one.
        <div className="rounded-md bg-canvas px-2 py-1.5">
          <pre className="line-clamp-4 font-mono text-[11px] leading-4 break-words whitespace-pre-wrap text-ink @min-[44rem]:line-clamp-[12]">{text}</pre>
        </div>
      )}
    </div>
  );
}
