import { type NodeDefinition, outputPorts, portType, valueTypeProblem } from '@weft/core';

export type PinCheck = { ok: true; outputs: Record<string, unknown> } | { ok: false; error: string };

/**
 * Reads pinned data typed into the node's JSON editor: an object of values by output port,
 * each of its port's type. The same rules as the server's save check (core's
 * `valueTypeProblem`), so the editor says what is wrong before a save is refused.
 */
export function checkPinDraft(text: string, definition: NodeDefinition, config: Readonly<Record<string, unknown>>): PinCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const ports = outputPorts(definition);
  const names = ports.map((port) => `"${port.id}"`).join(', ');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: `Pinned data is an object of values by output, e.g. { ${names ? `${names.split(', ')[0]}: …` : ''} }.` };
  }
  const outputs = parsed as Record<string, unknown>;
  if (Object.keys(outputs).length === 0) return { ok: false, error: `Give a value for at least one output (${names}).` };
  for (const [portId, value] of Object.entries(outputs)) {
    const port = ports.find((candidate) => candidate.id === portId);
    if (!port) return { ok: false, error: `This node has no output "${portId}" (its outputs: ${names}).` };
    const problem = valueTypeProblem(portType(port, config), value);
    if (problem) return { ok: false, error: `Output "${port.label}": ${problem}.` };
  }
  return { ok: true, outputs };
}

/** What the JSON editor starts with: the current pin, or an empty value of each output's type. */
export function pinDraftText(
  pinned: Readonly<Record<string, unknown>> | undefined,
  definition: NodeDefinition,
  config: Readonly<Record<string, unknown>>,
): string {
  if (pinned) return JSON.stringify(pinned, null, 2);
  const example: Record<string, unknown> = {};
  for (const port of outputPorts(definition)) example[port.id] = EXAMPLES[portType(port, config)];
  return JSON.stringify(example, null, 2);
}

const EXAMPLES: Record<string, unknown> = {
  text: '',
  json: {},
  any: '',
  query: { text: '' },
  context: { text: '', sources: [] },
  documents: [{ text: '', metadata: {} }],
  chunks: [{ text: '', metadata: {} }],
  results: [{ text: '', score: 1, metadata: {} }],
};
