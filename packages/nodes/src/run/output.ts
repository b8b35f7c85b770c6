import type { NodeRunArgs } from '../node-services.js';
import type { OutputConfig } from '../output.node.js';

/**
 * The engine takes an Output node's inputs as the run's outputs before the node runs
 * (`isOutputNode`), and the host refuses an unknown format before the run starts (core's
 * `configIssues`), so running it passes nothing on.
 */
export function runOutput(_args: NodeRunArgs<OutputConfig>) {
  return { outputs: {} };
}
