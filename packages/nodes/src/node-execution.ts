import { type ExecutionNode, inputPorts, MERGER_NODE_TYPE, type NodeDefinition, type NodeExecutor } from '@weft/core';
import { BUILTIN_REGISTRY } from './catalogue.js';
import type { NodeType } from './define-node.js';
import type { NodeServices } from './node-services.js';

/**
 * What the host hands `executeWorkflow` about node types, derived from their definitions
 * so the server and the tests wire the engine the same way. Each takes a lookup, so the
 * host can add the user's custom node types to the built-ins.
 */
export type NodeTypeLookup = (type: string) => NodeType | undefined;

/** The node type `output` collects the run's outputs. */
export const OUTPUT_NODE_TYPE = 'output';

const builtin: NodeTypeLookup = (type) => BUILTIN_REGISTRY.get(type);

/**
 * `executorFor`: a node type's `run`; undefined for unknown and preview types, which the
 * engine fails with a clear error. The one wiring of node types to the engine: the
 * server's run path adds only the config errors found before the run (run-executors.ts).
 */
export function nodeExecutorFor(lookup: NodeTypeLookup = builtin): (type: string) => NodeExecutor<NodeServices> | undefined {
  return (type) => {
    const run = lookup(type)?.run;
    if (!run) return undefined;
    return {
      run(args) {
        // The engine hands over the nodes lent as tools; the run gets them with their types.
        if (args.tools.length === 0) return run({ inputs: args.inputs, config: args.config, ctx: args.ctx });
        return run({ inputs: args.inputs, config: args.config, ctx: args.ctx, tools: args.tools.map((node) => ({ node, type: lookup(node.type) })) });
      },
    };
  };
}

/** `isOutputNode`: Output nodes' inputs become the run's outputs. */
export function isOutputNode(node: ExecutionNode): boolean {
  return node.type === OUTPUT_NODE_TYPE;
}

/**
 * `isOptionalInput`: ports marked optional, and every input of a merger, since a merger
 * after a Condition must run with the one branch that was taken (the engine still skips
 * a node at which nothing at all arrived).
 */
export function isOptionalInput(lookup: NodeTypeLookup = builtin): (node: ExecutionNode, handle: string) => boolean {
  return (node, handle) => {
    const definition: NodeDefinition | undefined = lookup(node.type);
    if (!definition) return false;
    if (definition.type === MERGER_NODE_TYPE) return true;
    return inputPorts(definition, node.config).some((port) => port.id === handle && port.optional === true);
  };
}
