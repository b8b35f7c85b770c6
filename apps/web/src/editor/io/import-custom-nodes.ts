import type { QueryClient } from '@tanstack/react-query';
import { customNodeDefinition, customNodeInputSchema, isCustomNodeType, type NodeDefinition } from '@weft/core';
import { queryKeys } from '../../api/query-keys';
import { fetchNodeDefinitions } from '../../api/useNodeDefinitions';
import { asPayload } from '../node-definitions-cache';

/**
 * The custom node types a workflow file carries (`customNodes`, docs/API.md "Export and
 * import"), for the editor's import into the open canvas. The server brings them into
 * the user's account (`POST /api/custom-nodes/import`, the dashboard import's rules) and
 * says which type each file id now stands for; the file's nodes are re-pointed to those.
 */

export type CarriedRead =
  /**
   * `list`: the entries the workflow's nodes use, as the file holds them (a file may list
   * more; like the dashboard's import, those are not created); `definitions`: as the
   * import will make them.
   */
  { ok: true; list: unknown[]; definitions: NodeDefinition[] } | { ok: false; message: string };

/**
 * Reads the file's `customNodes` with the schema the server applies, worded as the
 * server words it, so a broken entry is refused before anything is created. The
 * definitions stand in for the imported types while the file is checked: the server may
 * reuse a type under another id, but only one with the same declaration.
 */
export function readCarriedCustomNodes(input: Record<string, unknown>): CarriedRead {
  const list = input.customNodes;
  if (list === undefined || list === null) return { ok: true, list: [], definitions: [] };
  const fail = (message: string): CarriedRead => ({ ok: false, message: `Not a valid Weft workflow file: ${message}` });
  if (!Array.isArray(list)) return fail('customNodes: expected a list of custom node types');
  const definitions: NodeDefinition[] = [];
  const used: unknown[] = [];
  const usedTypes = nodeTypesIn(input);
  for (const [index, entry] of list.entries()) {
    const where = `customNodes.${index}`;
    if (!isObject(entry) || typeof entry.type !== 'string' || !isCustomNodeType(entry.type)) {
      return fail(`${where}.type: expected a custom node type id such as "custom.word-count"`);
    }
    if (!isObject(entry.definition)) return fail(`${where}.definition: expected the node type's definition (an object)`);
    const parsed = customNodeInputSchema.safeParse({ ...entry.definition, category: undefined, code: entry.code });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.length ? `.${issue.path.join('.')}` : '';
      return fail(`${where} (${entry.type})${path}: ${issue?.message ?? 'invalid custom node type'}`);
    }
    definitions.push(customNodeDefinition(entry.type, 1, parsed.data));
    if (usedTypes.has(entry.type)) used.push(entry);
  }
  return { ok: true, list: used, definitions };
}

/** The catalogue with the carried definitions in place of any of the user's types by the same id. */
export function withCarriedDefinitions(catalogue: readonly NodeDefinition[], carried: readonly NodeDefinition[]): NodeDefinition[] {
  const ids = new Set(carried.map((d) => d.type));
  return [...catalogue.filter((d) => !ids.has(d.type)), ...carried];
}

/** The file with each node's type re-pointed by `types` (types not in it stay as they are). */
export function retypeNodes(input: Record<string, unknown>, types: Readonly<Record<string, string>>): Record<string, unknown> {
  if (!Array.isArray(input.nodes)) return input;
  const nodes = input.nodes.map((node: unknown) => {
    if (!isObject(node) || !isObject(node.data) || typeof node.data.type !== 'string') return node;
    const type = Object.hasOwn(types, node.data.type) ? types[node.data.type] : undefined;
    return type === undefined || type === node.data.type ? node : { ...node, data: { ...node.data, type } };
  });
  return { ...input, nodes };
}

/**
 * The node catalogue fetched afresh, so it holds the types just imported. Through the
 * editor's query, as saving a custom node refreshes it: the library and the stored copy
 * (useNodeDefinitions.ts) follow. Throws when it cannot be loaded.
 */
export async function refreshNodeDefinitions(queryClient: QueryClient): Promise<readonly NodeDefinition[]> {
  void queryClient.invalidateQueries({ queryKey: queryKeys.customNodes });
  const answer = await queryClient.fetchQuery({
    queryKey: queryKeys.nodeDefinitions,
    queryFn: ({ signal }) => fetchNodeDefinitions(signal),
    staleTime: 0,
  });
  const payload = asPayload(answer);
  if (!payload) throw new Error('The server sent node definitions in a shape this editor does not understand. Reload the page.');
  return payload.definitions;
}

function nodeTypesIn(input: Record<string, unknown>): Set<string> {
  const nodes = Array.isArray(input.nodes) ? input.nodes : [];
  return new Set(nodes.flatMap((node: unknown) => (isObject(node) && isObject(node.data) && typeof node.data.type === 'string' ? [node.data.type] : [])));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
