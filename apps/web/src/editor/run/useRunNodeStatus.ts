import type { NodeStatus } from '@weft/core';
import { shownRun, useRunStore } from './run.store';

/**
 * A node's status in the run on screen, or undefined when no run is shown or the node
 * was not part of it. One canvas node subscribes to its own status only, so an event
 * about one node re-renders that node alone.
 */
export function useRunNodeStatus(nodeId: string): NodeStatus | undefined {
  return useRunStore((s) => shownRun(s)?.run.nodes[nodeId]?.status);
}
