import type { RunDataMode } from '@weft/core';
import { BUILTIN_NODES, type NodeServices, type NodeType, type TokenUsage } from '@weft/nodes';

/** Replaces secret values with a mask; built per run from the user's secret values. */
export interface RunMasker {
  maskText(text: string): string;
  maskDeep<T>(value: T): T;
  /** Streamed text: what can be shown now (masked), and the tail held back for the next piece. */
  splitStream(text: string): { safe: string; held: string };
}

/** What a run hands the host when it asks for node services. */
export interface NodeServicesRequest {
  readonly userId: string;
  readonly executionId: string;
  /** The workflow's global parameters, `{{secrets.*}}` already filled in. */
  readonly params: Readonly<Record<string, unknown>>;
  recordUsage(usage: TokenUsage): void;
}

/**
 * Everything the run service needs from the rest of the server, as small functions so
 * that each part (custom nodes, secrets, LLM and HTTP services, sandbox) is wired in
 * `services.ts` and the run service depends on none of their classes.
 */
export interface RunDependencies {
  /**
   * The node types a user's run may use (built-ins plus their custom types). `types` are
   * the types the workflow names, so an implementation can skip work for the rest.
   */
  nodeTypes(userId: string, types: ReadonlySet<string>): Promise<(type: string) => NodeType | undefined>;
  /** The user's secrets by name, decrypted: for `{{secrets.NAME}}` and for masking. */
  secretValues(userId: string): Promise<Readonly<Record<string, string>>>;
  createMasker(values: readonly string[]): RunMasker;
  /** The llm, http and sandbox services of one run. */
  nodeServices(request: NodeServicesRequest): NodeServices;
  /** How much a successful run keeps unless its workflow says (WEFT_SUCCESSFUL_RUN_DATA); absent: all. */
  successfulRunData?: RunDataMode;
}

const BUILTIN_BY_TYPE = new Map(BUILTIN_NODES.map((node) => [node.type, node]));

/** The built-in node types, for a server without custom nodes. */
export async function builtinNodeTypes(): Promise<(type: string) => NodeType | undefined> {
  return (type) => BUILTIN_BY_TYPE.get(type);
}

/** Built-ins plus whatever `extra` gives for the user (custom node types); the built-ins win a clash. */
export function withExtraNodeTypes(extra: (userId: string, types: ReadonlySet<string>) => Promise<readonly NodeType[]>): RunDependencies['nodeTypes'] {
  return async (userId, types) => {
    const wanted = new Set<string>();
    for (const type of types) if (!BUILTIN_BY_TYPE.has(type)) wanted.add(type);
    if (wanted.size === 0) return (type) => BUILTIN_BY_TYPE.get(type);
    const custom = new Map((await extra(userId, wanted)).map((node) => [node.type, node]));
    return (type) => BUILTIN_BY_TYPE.get(type) ?? custom.get(type);
  };
}

/** A service that is not part of this server yet: any node that needs it fails saying so. */
export function unavailableNodeServices(request: NodeServicesRequest): NodeServices {
  const missing = (what: string) => () => {
    throw new Error(`${what} is not available on this server yet.`);
  };
  return {
    llm: { chat: missing('Calling a language model') },
    http: { request: missing('Sending HTTP requests') },
    sandbox: { runFunctionBody: missing('Running code') },
    files: { read: missing('Reading uploaded files') },
    documents: { parse: missing('Reading documents'), split: missing('Splitting documents') },
    embeddings: { embed: missing('Embedding text') },
    vectors: { collection: missing('The vector store'), store: missing('The vector store'), query: missing('The vector store') },
    mail: { send: missing('Sending e-mail') },
    params: request.params,
    recordUsage: request.recordUsage,
  };
}
