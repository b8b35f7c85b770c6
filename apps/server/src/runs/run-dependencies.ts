import type { RunDataMode } from '@weft/core';
import type { NodeServices, NodeType, TokenUsage } from '@weft/nodes';
import type { WorkflowLookup } from '../workflows/workflow-lookup.js';

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
  /** The run's workflow; absent for services outside a run (an alert's test send). */
  readonly workflowId?: string | undefined;
  /** The run's conversation, for Agent memory (StartRunRequest.sessionId); absent: none. */
  readonly sessionId?: string | undefined;
  /** The run's secret values masked out of a value (for what is stored outside the run: Agent memory). */
  mask?<T>(value: T): T;
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
   * The node types a user's run may use: the server's NodeRegistry (installed packages
   * plus the user's custom types). `types` are the types the workflow names, so the
   * registry skips the custom-type lookup when none of them is custom.
   */
  nodeTypes(userId: string, types: ReadonlySet<string>): Promise<(type: string) => NodeType | undefined>;
  /** The user's secrets by name, decrypted: for `{{secrets.NAME}}` and for masking. */
  secretValues(userId: string): Promise<Readonly<Record<string, string>>>;
  createMasker(values: readonly string[]): RunMasker;
  /**
   * Told the names of the user's secrets a run's nodes refer to, as the run is prepared
   * (the audit trail's `secret.use`); must return at once and never throw. Absent: nobody listens.
   */
  secretsUsed?(userId: string, names: readonly string[]): void;
  /** The llm, http and sandbox services of one run. */
  nodeServices(request: NodeServicesRequest): NodeServices;
  /** A user's workflow as a run reads it (the workflows room owns the table). */
  workflows: Pick<WorkflowLookup, 'loadForRun'>;
  /** How much a successful run keeps unless its workflow says (WEFT_SUCCESSFUL_RUN_DATA); absent: all. */
  successfulRunData?: RunDataMode;
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
    documents: { parse: missing('Reading documents'), split: missing('Splitting documents'), readFeed: missing('Reading feeds') },
    embeddings: { embed: missing('Embedding text') },
    vectors: { collection: missing('The vector store'), store: missing('The vector store'), query: missing('The vector store') },
    mail: { send: missing('Sending e-mail') },
    mcp: { listTools: missing('Reaching MCP servers'), callTool: missing('Reaching MCP servers') },
    workflows: { describe: missing('Running other workflows'), call: missing('Running other workflows') },
    params: request.params,
    recordUsage: request.recordUsage,
  };
}
