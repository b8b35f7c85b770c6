/**
 * Which nodes take a run's input and which give its answer: the one rule the Run button,
 * the API, webhooks, schedules, the chat panel and the webhook dialog all read.
 *
 * A node takes the run input when it is a Text Input set to "ask for this value when the
 * workflow runs"; the run's outputs are what its Output nodes receive. A new kind of
 * trigger input (a JSON Input, a file) is added here and in its node type, and nowhere
 * else (docs/ARCHITECTURE.md "Triggers").
 */

/** The node type that can take a run input. */
export const RUN_INPUT_NODE_TYPE = 'input.text';
/** Its config switch: "ask for this value when the workflow runs". */
export const RUN_INPUT_SWITCH = 'askOnRun';
/** The node type whose inputs become the run's outputs. */
export const RUN_OUTPUT_NODE_TYPE = 'output';

/** The part of a stored or editor node these rules read. */
export interface RunIoNode {
  readonly id: string;
  readonly data: { readonly type: string; readonly label?: string; readonly config?: Readonly<Record<string, unknown>> };
}

/** A node that takes the run input, with what a form offers by default. */
export interface RunInputSlot {
  readonly nodeId: string;
  readonly label: string;
  /** The node's own text, used when a run gives none. */
  readonly initial: string;
}

export function takesRunInput(node: RunIoNode): boolean {
  return node.data.type === RUN_INPUT_NODE_TYPE && node.data.config?.[RUN_INPUT_SWITCH] === true;
}

export function givesRunOutput(node: RunIoNode): boolean {
  return node.data.type === RUN_OUTPUT_NODE_TYPE;
}

/** The nodes that take the run input, in document (canvas) order. */
export function runInputSlots(nodes: readonly RunIoNode[]): RunInputSlot[] {
  return nodes.filter(takesRunInput).map((node) => {
    const text = node.data.config?.text;
    return { nodeId: node.id, label: node.data.label ?? node.id, initial: typeof text === 'string' ? text : '' };
  });
}

/** The ids of the Output nodes, in document order. */
export function runOutputNodeIds(nodes: readonly RunIoNode[]): string[] {
  return nodes.filter(givesRunOutput).map((node) => node.id);
}

/**
 * One value for every node that takes the run input: what a webhook body or a chat
 * message becomes. JSON stays JSON here; the Text Input turns a non-text value into its
 * JSON text on its Text output.
 */
export function sameInputForAll(nodes: readonly RunIoNode[], value: unknown): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const node of nodes) if (takesRunInput(node)) inputs[node.id] = value;
  return inputs;
}

/**
 * What a run with an answer (`respond: output`, `?wait=true`) answers: the value of the
 * only Output node, or all outputs by node id when there are several (or none).
 */
export function runAnswer(outputNodeIds: readonly string[], outputs: Readonly<Record<string, unknown>>): unknown {
  const [only] = outputNodeIds;
  return outputNodeIds.length === 1 && only !== undefined ? (outputs[only] ?? null) : outputs;
}
