import { inputPorts, type NodeDefinition, outputPorts } from '@weft/core';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { notKeptMessage } from '../../components/dashboard/run-data-kept';
import { shownRun, useRunStore } from '../run/run.store';
import { useEditorStore } from '../store/editor.store';
import { type FlowEdge, type PortFlow, portFlows } from './node-flow';

export interface NodeFlows {
  receives: PortFlow[];
  gives: PortFlow[];
  /** Why no values show, when none do: no run on screen, not part of it, not kept. */
  note: string | null;
}

const FIELDS = 6;

/**
 * What the configured node receives and gives (issue 22, n8n's node view): its ports with
 * the nodes wired to them and their values in the run on screen (live or opened from
 * history). Subscribes to the edges touching the node and to its neighbours' labels only,
 * as flat strings, so a drag elsewhere on the canvas re-renders nothing here.
 */
export function useNodeFlows(nodeId: string, definition: NodeDefinition | undefined, config: Readonly<Record<string, unknown>>): NodeFlows {
  // Per edge touching the node: source, its handle, target, its handle, the peer's label and the peer port's label.
  const wiring = useEditorStore(
    useShallow((s) =>
      s.edges.flatMap((edge) => {
        const incoming = edge.target === nodeId;
        if (!incoming && edge.source !== nodeId) return [];
        const [peerId, handle] = incoming ? [edge.source, edge.sourceHandle] : [edge.target, edge.targetHandle];
        const peer = s.nodes.find((n) => n.id === peerId);
        const peerDefinition = peer ? s.definitionsByType.get(peer.data.type) : undefined;
        const ports = peer && peerDefinition ? (incoming ? outputPorts(peerDefinition) : inputPorts(peerDefinition, peer.data.config)) : [];
        return [edge.source, edge.sourceHandle, edge.target, edge.targetHandle, peer?.data.label ?? '', ports.find((p) => p.id === handle)?.label ?? handle];
      }),
    ),
  );
  const view = useRunStore(shownRun);
  const state = view?.run.nodes[nodeId];

  return useMemo(() => {
    const edges: FlowEdge[] = [];
    const labels = new Map<string, string>();
    const portLabels = new Map<string, string>();
    for (let i = 0; i < wiring.length; i += FIELDS) {
      const [source = '', sourceHandle = '', target = '', targetHandle = '', peerLabel = '', peerPort = ''] = wiring.slice(i, i + FIELDS);
      edges.push({ source, sourceHandle, target, targetHandle });
      const [peerId, handle] = target === nodeId ? [source, sourceHandle] : [target, targetHandle];
      if (peerLabel) labels.set(peerId, peerLabel);
      portLabels.set(`${peerId}\u0000${handle}`, peerPort);
    }
    const context = {
      edges,
      labelOf: (id: string) => labels.get(id),
      portLabelOf: (id: string, handle: string) => portLabels.get(`${id}\u0000${handle}`) ?? handle,
    };
    const ports = definition ? { inputs: inputPorts(definition, config), outputs: outputPorts(definition) } : { inputs: [], outputs: [] };
    const notKept = notKeptMessage(view?.kept);
    const note = !view
      ? 'Run the workflow to see the values that pass here.'
      : notKept
        ? `${notKept}.`
        : !state
          ? 'This node was not part of the run on screen.'
          : !state.inputs && !state.outputs
            ? 'Not reached yet in the run on screen.'
            : null;
    const values = notKept ? undefined : state;
    return {
      receives: portFlows('input', nodeId, ports.inputs, config, context, values?.inputs),
      gives: portFlows('output', nodeId, ports.outputs, config, context, values?.outputs),
      note,
    };
  }, [wiring, view, state, nodeId, definition, config]);
}
