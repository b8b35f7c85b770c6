import { type DataType, givesRunOutput, type NodeDefinition, portType, reaches, takesRunInput } from '@weft/core';

/** The nodes a chat turn goes through: the message goes in at one, the answer comes out of another. */
export interface ChatTarget {
  /** The Text Input that asks for a value on run: it receives the message. */
  readonly inputNodeId: string;
  /** The Output node whose value is the answer. */
  readonly outputNodeId: string;
  /** The node feeding the Output: its streamed tokens (an LLM Chat's) are the answer as it is written. */
  readonly answerSourceId: string;
}

export type ChatEligibility = { readonly ok: true; readonly target: ChatTarget } | { readonly ok: false; readonly reason: string };

interface NodeLike {
  readonly id: string;
  readonly data: { readonly type: string; readonly config: Readonly<Record<string, unknown>> };
}

interface EdgeLike {
  readonly source: string;
  readonly sourceHandle: string;
  readonly target: string;
  readonly data?: { readonly type?: DataType };
}

const TYPE_NAMES: Record<DataType, string> = {
  text: 'text',
  documents: 'documents',
  chunks: 'chunks',
  results: 'search results',
  context: 'context',
  query: 'a query',
  json: 'JSON',
  any: 'a value of any type',
  tool: 'a tool',
};

/**
 * Whether the chat panel can drive this workflow, and if not, why (the toolbar button's
 * tooltip). It can when exactly one node takes the run input (core's run-io.ts: a Text
 * Input asking for its value on run) for the message, exactly one Output node receives
 * text (the answer), and the message can reach it.
 */
export function chatEligibility(nodes: readonly NodeLike[], edges: readonly EdgeLike[], definitions: ReadonlyMap<string, NodeDefinition>): ChatEligibility {
  if (nodes.length === 0) return refuse('Add a Text Input, an LLM Chat and an Output to chat with this workflow.');
  const asked = nodes.filter(takesRunInput);
  if (asked.length === 0) return refuse('Chat needs a Text Input with “Ask for this value when the workflow runs” turned on: your message goes there.');
  if (asked.length > 1) return refuse(`Chat sends one message, but ${asked.length} Text Inputs ask for a value when the workflow runs.`);
  const outputs = nodes.filter(givesRunOutput);
  if (outputs.length === 0) return refuse('Chat needs an Output node: its value is the answer.');
  if (outputs.length > 1) return refuse(`Chat shows one answer, but this workflow has ${outputs.length} Output nodes.`);
  const [input] = asked as [NodeLike];
  const [output] = outputs as [NodeLike];

  const feed = edges.find((e) => e.target === output.id);
  if (!feed) return refuse('Connect something to the Output node: nothing feeds it yet.');
  const type = sourceType(feed, nodes, definitions);
  if (type !== 'text') return refuse(`Chat answers in text, but the Output node receives ${type ? TYPE_NAMES[type] : 'a value of unknown type'}.`);
  if (!reaches(edges, input.id, output.id)) return refuse('Your message would not reach the Output: connect the asking Text Input to the chain that feeds it.');
  return { ok: true, target: { inputNodeId: input.id, outputNodeId: output.id, answerSourceId: feed.source } };
}

function refuse(reason: string): ChatEligibility {
  return { ok: false, reason };
}

/** The data type leaving the edge's source port; the type stored on the edge when the node type is unknown here. */
function sourceType(edge: EdgeLike, nodes: readonly NodeLike[], definitions: ReadonlyMap<string, NodeDefinition>): DataType | undefined {
  const source = nodes.find((n) => n.id === edge.source);
  const port = source && definitions.get(source.data.type)?.outputs.find((p) => p.id === edge.sourceHandle);
  if (source && port) return portType(port, source.data.config);
  return edge.data?.type;
}
