import type { NodeDefinition, NodeRunResult, PortDefinition } from '@weft/core';
import type { NodeRunArgs, NodeType } from '@weft/nodes';

/**
 * A user's custom node as a runnable node type. The code is the body of an async
 * function run by the sandbox with three globals, all JSON:
 *
 * - `inputs`: the connected values by input port id (unconnected optional inputs absent),
 * - `config`: the node's settings by key (secrets already resolved by the run),
 * - `params`: the workflow's global parameters.
 *
 * What it returns becomes the outputs (see {@link outputsFromResult}).
 */
/** CPU time one run of a custom node's code may use (the Code node sets its own). */
export const CUSTOM_NODE_TIME_LIMIT_MS = 5_000;

export function customNodeType(definition: NodeDefinition, code: string): NodeType {
  return {
    ...definition,
    async run({ inputs, config, ctx }: NodeRunArgs): Promise<NodeRunResult> {
      const result = await ctx.services.sandbox.runFunctionBody(
        code,
        { inputs, config, params: ctx.services.params },
        { signal: ctx.signal, timeoutMs: CUSTOM_NODE_TIME_LIMIT_MS, onLog: (line) => ctx.log(line) },
      );
      return { outputs: outputsFromResult(definition.outputs, result) };
    },
  };
}

/**
 * Maps what the code returned to output ports.
 *
 * - An object keyed by output port ids sets those outputs; an output left out is a branch
 *   not taken (nodes fed only by it are skipped), as with the Condition node.
 * - With exactly one output, anything else (a string, a list, an object without that
 *   port's id as a key) is that output's value, so `return text.length` just works.
 *   Returning nothing gives `null`.
 * - With several outputs, anything but such an object is an error naming the ports, and
 *   so is a key that is no output of the node (most likely a typo).
 */
export function outputsFromResult(outputs: readonly PortDefinition[], result: unknown): Record<string, unknown> {
  const only = outputs.length === 1 ? outputs[0] : undefined;
  if (only && !(isPlainObject(result) && Object.hasOwn(result, only.id))) return { [only.id]: result ?? null };
  const ids = outputs.map((port) => port.id);
  if (!isPlainObject(result)) {
    throw new Error(`The code must return an object keyed by output id (${ids.join(', ')}), but it returned ${describe(result)}.`);
  }
  const unknown = Object.keys(result).filter((key) => !ids.includes(key));
  if (unknown.length > 0) {
    throw new Error(
      `The code returned ${unknown.map((k) => `"${k}"`).join(', ')}, which ${unknown.length === 1 ? 'is no output' : 'are no outputs'} of this node; its outputs are ${ids.join(', ')}.`,
    );
  }
  const mapped: Record<string, unknown> = {};
  // Only present keys: an undefined value would count as delivered (engine: Object.hasOwn).
  for (const id of ids) if (Object.hasOwn(result, id) && result[id] !== undefined) mapped[id] = result[id];
  return mapped;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}
