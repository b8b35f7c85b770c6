import { inputPorts, type NodeDefinition, outputPorts, portType, typesMatch } from '@weft/core';

export interface WirePorts {
  readonly sourceHandle: string;
  readonly targetHandle: string;
}

/**
 * Which output of `source` feeds which input of `target` when a node is added after
 * another (n8n's way: click a node in the library with one selected): the first pair
 * whose types match, a pair of equal types before one through `any`, never the Tool
 * ports nor an After input (`orderOnly`). Null when no pair matches without a
 * converter: then the new node is placed, not wired.
 */
export function wirePorts(
  source: { definition: NodeDefinition; config: Readonly<Record<string, unknown>> },
  target: { definition: NodeDefinition; config: Readonly<Record<string, unknown>> },
): WirePorts | null {
  // Values only: lending a node to an Agent (the Tool ports) is a choice, never a default.
  const outs = outputPorts(source.definition)
    .map((p) => ({ id: p.id, type: portType(p, source.config) }))
    .filter((p) => p.type !== 'tool');
  // Nor an After input: a value there is not used, it only orders the run.
  const ins = inputPorts(target.definition, target.config)
    .filter((p) => !p.orderOnly)
    .map((p) => ({ id: p.id, type: portType(p, target.config) }))
    .filter((p) => p.type !== 'tool');
  let loose: WirePorts | null = null;
  for (const out of outs) {
    for (const into of ins) {
      if (out.type === into.type && out.type !== 'any') return { sourceHandle: out.id, targetHandle: into.id };
      if (!loose && typesMatch(out.type, into.type)) loose = { sourceHandle: out.id, targetHandle: into.id };
    }
  }
  return loose;
}
