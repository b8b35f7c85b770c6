import { type NodeRunState, RUN_OUTPUT_NODE_TYPE } from '@weft/core';

interface GraphNode {
  readonly id: string;
  readonly data: { readonly type: string };
}

interface GraphEdge {
  readonly source: string;
  readonly target: string;
}

/**
 * The nodes whose cards carry a finished run's result, to keep in sight (issue 22: "the
 * Output card shows its value; opening the result never needs panning"): the nodes that
 * failed; else the Output nodes the run reached; else where the run ended, the nodes it
 * ran whose successors did not run (a Slack post, or a condition that sent nothing on).
 */
export function answerNodeIds(nodes: readonly GraphNode[], edges: readonly GraphEdge[], states: Readonly<Record<string, NodeRunState>>): string[] {
  const ran = nodes.filter((n) => states[n.id]);
  const failed = ran.filter((n) => states[n.id]?.status === 'error');
  if (failed.length) return failed.map((n) => n.id);
  const succeeded = ran.filter((n) => states[n.id]?.status === 'success');
  const outputs = succeeded.filter((n) => n.data.type === RUN_OUTPUT_NODE_TYPE);
  if (outputs.length) return outputs.map((n) => n.id);
  const goesOn = new Set(edges.filter((e) => states[e.target]?.status === 'success').map((e) => e.source));
  return succeeded.filter((n) => !goesOn.has(n.id)).map((n) => n.id);
}
