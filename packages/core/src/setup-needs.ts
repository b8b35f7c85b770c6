import { fieldIsRequired } from './config-values.js';
import type { ConfigFieldKind, NodeDefinition } from './node-definition.js';
import { secretNamesIn } from './secret-syntax.js';
import type { WorkflowDocument } from './workflow.js';

/**
 * What a workflow still needs from its user before it can run: a secret it names that
 * does not exist, a required field left empty (a file to upload, a URL), a parameter it
 * uses that has no value. The editor lists these after "Use template" and marks the nodes;
 * the same rules hold for any workflow, so a template is nothing special.
 */
export type SetupNeed =
  | { readonly kind: 'secret'; readonly name: string; readonly nodeIds: readonly string[] }
  | {
      readonly kind: 'field';
      readonly nodeId: string;
      readonly fieldKey: string;
      readonly fieldLabel: string;
      readonly fieldKind: ConfigFieldKind;
    }
  | { readonly kind: 'parameter'; readonly key: string; readonly description: string; readonly nodeIds: readonly string[] };

/** What the check reads of a node: the stored node and the editor's canvas node both fit. */
export interface SetupNode {
  readonly id: string;
  readonly data: { readonly type: string; readonly config: Readonly<Record<string, unknown>> };
}

const PARAMETER_REFERENCE = /\{\{\s*params\.([A-Za-z_][A-Za-z0-9_]*)[^}]*\}\}/g;

/**
 * `secretNames` is null while the user's secrets are unknown; secrets are then not judged.
 * Nodes of unknown types are left to the canvas, which marks them already.
 */
export function workflowSetupNeeds(
  document: { readonly nodes: readonly SetupNode[]; readonly globalParameters: WorkflowDocument['globalParameters'] },
  definitions: readonly NodeDefinition[],
  secretNames: readonly string[] | null,
): SetupNeed[] {
  const byType = new Map(definitions.map((d) => [d.type, d]));
  const known = new Set(secretNames ?? []);
  const secrets = new Map<string, string[]>();
  const parameters = new Map<string, string[]>();
  const fields: SetupNeed[] = [];
  const note = (map: Map<string, string[]>, key: string, nodeId: string) => {
    const list = map.get(key) ?? [];
    if (!list.includes(nodeId)) list.push(nodeId);
    map.set(key, list);
  };
  for (const node of document.nodes) {
    const definition = byType.get(node.data.type);
    if (!definition) continue;
    for (const field of definition.config) {
      const value = node.data.config[field.key];
      if (isBlank(value)) {
        if (fieldIsRequired(field, node.data.config)) {
          fields.push({ kind: 'field', nodeId: node.id, fieldKey: field.key, fieldLabel: field.label, fieldKind: field.kind });
        }
        continue;
      }
      for (const text of stringsIn(value)) {
        if (secretNames !== null) for (const name of secretNamesIn(text)) if (!known.has(name)) note(secrets, name, node.id);
        for (const match of text.matchAll(PARAMETER_REFERENCE)) {
          const parameter = document.globalParameters[match[1] as string];
          if (!parameter || parameter.value.trim() === '') note(parameters, match[1] as string, node.id);
        }
      }
    }
  }
  return [
    ...[...secrets].map(([name, nodeIds]): SetupNeed => ({ kind: 'secret', name, nodeIds })),
    ...[...parameters].map(
      ([key, nodeIds]): SetupNeed => ({ kind: 'parameter', key, description: document.globalParameters[key]?.description ?? '', nodeIds }),
    ),
    ...fields,
  ];
}

/** Node ids a need points at, for marking them on the canvas. */
export function setupNeedNodeIds(need: SetupNeed): readonly string[] {
  return need.kind === 'field' ? [need.nodeId] : need.nodeIds;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Every string inside a config value (a JSON field can hold placeholders in its strings). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}
