/** A value the Run button asks for before it starts a run. */
export interface RunInputField {
  readonly nodeId: string;
  readonly label: string;
  /** The node's configured text, offered as the answer. */
  readonly initial: string;
}

interface NodeLike {
  readonly id: string;
  readonly data: { readonly type: string; readonly label: string; readonly config: Readonly<Record<string, unknown>> };
}

export const TEXT_INPUT_TYPE = 'input.text';

/** The Text Inputs set to "ask for this value when the workflow runs", in canvas order. */
export function askedInputs(nodes: readonly NodeLike[]): RunInputField[] {
  return nodes
    .filter((n) => n.data.type === TEXT_INPUT_TYPE && n.data.config.askOnRun === true)
    .map((n) => ({ nodeId: n.id, label: n.data.label, initial: typeof n.data.config.text === 'string' ? n.data.config.text : '' }));
}

/**
 * What Re-run sends: the earlier run's answers for the inputs that still ask, and the
 * configured text for any that ask now but did not then. Answers for nodes that no
 * longer ask are dropped (the server would refuse or ignore them).
 */
export function rerunInputs(previous: Readonly<Record<string, unknown>>, fields: readonly RunInputField[]): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const field of fields) inputs[field.nodeId] = Object.hasOwn(previous, field.nodeId) ? previous[field.nodeId] : field.initial;
  return inputs;
}
