import { randomUUID } from 'node:crypto';
import type { FileSummary, NodeStep, WorkflowDocument, WorkflowEdge, WorkflowNode } from '@weft/core';
import { defineNode, type NodePackage, type NodeType } from '@weft/nodes';
import { expect } from 'vitest';
import type { Weft } from '../main.js';
import { firstWorkflowRow } from '../workflows/workflows.repository.js';
import type { SignedIn } from './test-weft.js';

/** A node of a test workflow: id, type and config; label and position filled in. */
export function node(id: string, type: string, config: Record<string, unknown> = {}, label = id): WorkflowNode {
  return { id, type: 'custom', position: { x: 0, y: 0 }, data: { label, type, config } };
}

export function edge(source: string, target: string, sourceHandle = 'output', targetHandle = 'input'): WorkflowEdge {
  return { id: `${source}-${sourceHandle}-${target}`, source, sourceHandle, target, targetHandle, type: 'custom', data: {} };
}

export function workflow(name: string, nodes: WorkflowNode[], edges: WorkflowEdge[], params: Record<string, string> = {}): WorkflowDocument {
  const globalParameters = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, { key, value, description: '' }]));
  return { schemaVersion: 1, name, nodes, edges, globalParameters };
}

/** Saves a workflow through the API (so it passes the same checks as the editor's). */
export async function createWorkflow(weft: Weft, user: SignedIn, document: WorkflowDocument): Promise<string> {
  const response = await weft.app.inject({ method: 'POST', url: '/api/workflows', headers: user.headers, payload: document });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { workflow: { id: string } }).workflow.id;
}

/** Stores a secret through the API, as Settings → Secrets does. */
export async function addSecret(weft: Weft, user: SignedIn, name: string, value: string): Promise<void> {
  const res = await weft.app.inject({ method: 'POST', url: '/api/secrets', headers: user.headers, payload: { name, value } });
  expect(res.statusCode, res.body).toBe(201);
}

/** Uploads as the node's File field does: the raw bytes, the name in the query. */
export async function upload(weft: Weft, user: SignedIn, name: string, bytes: Uint8Array): Promise<FileSummary> {
  const res = await weft.app.inject({
    method: 'POST',
    url: `/api/files?name=${encodeURIComponent(name)}`,
    headers: { ...user.headers, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(bytes),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file;
}

/** An execution as `?wait=true` answers it, with the parts tests look at. */
export interface WaitedExecution {
  id: string;
  status: string;
  error: string | null;
  outputs: Record<string, unknown>;
  usage: { inputTokens: number; outputTokens: number } | null;
  nodes: Record<string, { status: string; error: string | null; outputs: Record<string, unknown>; logs: { message: string; level?: string }[] }>;
}

/** Runs a workflow through the API and waits for its end (`?wait=true`). */
export async function runAndWait(weft: Weft, user: SignedIn, workflowId: string, inputs: Record<string, unknown> = {}): Promise<WaitedExecution> {
  const res = await weft.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: user.headers, payload: { inputs } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().execution as WaitedExecution;
}

/** Creates the workflow, runs it to its end, and answers the execution with its Agent node's steps (`agentId`). */
export async function runAgentWorkflow(
  weft: Weft,
  user: SignedIn,
  document: WorkflowDocument,
  agentId = 'agent',
): Promise<{ execution: WaitedExecution; steps: NodeStep[] }> {
  const id = await createWorkflow(weft, user, document);
  const execution = await runAndWait(weft, user, id);
  const steps = (execution.nodes[agentId] as unknown as { steps?: NodeStep[] } | undefined)?.steps ?? [];
  return { execution, steps };
}

/** Every `data:` line of an execution's finished event stream, parsed. */
export async function streamedEvents(weft: Weft, user: SignedIn, executionId: string): Promise<{ type: string; nodeId?: string; text?: string }[]> {
  const res = await weft.app.inject({ method: 'GET', url: `/api/executions/${executionId}/events`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; nodeId?: string; text?: string });
}

/**
 * Stores a workflow as the API does (the workflows service: document checks, a first
 * version). Test-only node types are installed with `withNodeTypes`, so they pass the
 * check like any installed package's. Throws the refusal when the document would not save.
 */
export async function insertWorkflow(weft: Weft, userId: string, document: WorkflowDocument): Promise<string> {
  const result = await weft.services.workflows.create(userId, document);
  if (!result.ok) throw new Error(`insertWorkflow: the workflow was refused (${result.reason}${'message' in result ? `: ${result.message}` : ''})`);
  return result.workflow.id;
}

/**
 * Writes a workflow row as an older server left it: for a workflow whose node type has
 * since left this server (a custom type deleted, a package removed), which the API would
 * no longer save but the run path must still refuse clearly.
 */
export async function insertStaleWorkflow(weft: Weft, userId: string, document: WorkflowDocument): Promise<string> {
  const row = firstWorkflowRow(randomUUID(), userId, document, new Date().toISOString());
  await weft.services.db.insertInto('workflows').values(row).execute();
  return row.id;
}

/** A latch a test opens when it is ready; `entered` resolves when a node starts waiting on it. */
export class Gate {
  private openGate!: () => void;
  private enter!: () => void;
  readonly opened = new Promise<void>((resolve) => {
    this.openGate = resolve;
  });
  readonly entered = new Promise<void>((resolve) => {
    this.enter = resolve;
  });

  open(): void {
    this.openGate();
  }

  /** Called by the node. */
  wait(): Promise<void> {
    this.enter();
    return this.opened;
  }
}

export const GATE_NODE_TYPE = 'test.gate';

/** Text Input → `test.gate` (held by `gate`) → Output: a run a test can hold in the middle. */
export function gatedWorkflow(gate: string, text = gate): WorkflowDocument {
  return workflow(gate, [node('in', 'input.text', { text }), node('g', GATE_NODE_TYPE, { gate }), node('out', 'output')], [edge('in', 'g'), edge('g', 'out')]);
}

/**
 * `test.gate`: logs, then waits for the gate named by its `gate` config before passing
 * its input on. Lets a test hold a run in the middle (cancel, live streams, shutdown).
 * With a `fail` config it throws that text instead (an error message to check).
 */
export function gateNodeType(gates: Map<string, Gate>): NodeType {
  return defineNode({
    type: GATE_NODE_TYPE,
    version: 1,
    title: 'Gate',
    category: 'Logic',
    description: 'Waits for the test.',
    inputs: [{ id: 'input', label: 'Value', type: 'any', optional: true }],
    outputs: [{ id: 'output', label: 'Value', type: 'any' }],
    config: [
      { kind: 'text', key: 'gate', label: 'Gate' },
      { kind: 'text', key: 'fail', label: 'Fail with' },
    ],
    async run({ inputs, config, ctx }) {
      if (config.fail) throw new Error(String(config.fail));
      ctx.log('waiting at the gate');
      const name = String(config.gate ?? '');
      let gate = gates.get(name);
      if (!gate) {
        gate = new Gate();
        gates.set(name, gate);
      }
      await gate.wait();
      ctx.log('through the gate');
      return { outputs: { output: inputs.input ?? null } };
    },
  });
}

/** Test options installing `extra` node types beside the built-ins, as a node package would be. */
export function withNodeTypes(...extra: NodeType[]): { nodePackages: NodePackage[] } {
  return { nodePackages: [{ name: 'test nodes', nodes: extra }] };
}

/** Gates by name, created on first use by the test or the node, whichever comes first. */
export function gates(): Map<string, Gate> & { named(name: string): Gate } {
  const map = new Map<string, Gate>() as Map<string, Gate> & { named(name: string): Gate };
  map.named = (name) => {
    let gate = map.get(name);
    if (!gate) {
      gate = new Gate();
      map.set(name, gate);
    }
    return gate;
  };
  return map;
}
