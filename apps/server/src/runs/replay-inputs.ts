/**
 * The run inputs of a past execution as a replay can use them. They were stored masked
 * (a secret typed into a Text Input is kept as its mask) and cut over 64 KB; a cut input
 * cannot be given back, so the replay is refused naming it rather than run on a preview.
 */
export function replayInputs(stored: string): { ok: true; inputs: Record<string, unknown> } | { ok: false; message: string } {
  const inputs = JSON.parse(stored) as Record<string, unknown>;
  for (const [nodeId, value] of Object.entries(inputs)) {
    if (typeof value === 'object' && value !== null && (value as { $truncated?: unknown }).$truncated === true) {
      return {
        ok: false,
        message: `The input given to node "${nodeId}" was over 64 KB and only a preview of it was kept, so this run cannot be replayed. Run the workflow with the input again.`,
      };
    }
  }
  return { ok: true, inputs };
}
