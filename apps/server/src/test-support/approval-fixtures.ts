import type { WorkflowDocument } from '@weft/core';
import type { HttpPeer } from './http-peer.js';
import type { PeerToolResult, PeerTurn } from './openai-peer.js';
import { edge, node, workflow } from './run-fixtures.js';

/*
 * The workflow of the tool approval tests (runs/tool-approval-runs.test.ts in process,
 * runs/tool-approval-restart.test.ts across a killed server, e2e's approval story).
 */

type Script = (request: unknown, results: readonly PeerToolResult[]) => PeerTurn;

/** A lookup before the agent (HTTP Request), and a refund tool that needs approval. */
export function approvalWorkflow(shopUrl: string, modelUrl: string): WorkflowDocument {
  const refund = node(
    'refund',
    'http.request',
    { method: 'GET', url: `${shopUrl}/echo?step=refund&order={{args.orderId}}`, responseAs: 'json' },
    'Refund order',
  );
  return workflow(
    'Refunds with approval',
    [
      node('lookup', 'http.request', { method: 'GET', url: `${shopUrl}/text?step=lookup&body=Order%2042%20was%20paid`, responseAs: 'text' }, 'Look up'),
      node('agent', 'ai.agent', { provider: 'openai-compatible', baseUrl: modelUrl, model: 'test-model', task: 'Refund order 42. {{input}}' }, 'Agent'),
      { ...refund, data: { ...refund.data, requireApproval: true } },
      node('answer', 'output'),
    ],
    [edge('lookup', 'agent'), edge('refund', 'agent', 'tool', 'tools'), edge('agent', 'answer')],
  );
}

/** The model asks for the refund, then answers with what the tool (or the person) said. */
export const refundScript: Script = (_request, results) =>
  results.length === 0
    ? { text: 'Refunding.', toolCalls: [{ name: 'refund_order', arguments: { orderId: '42' } }] }
    : { text: `Outcome: ${results[0]?.content}` };

/** Requests the shop had for one step of the workflow (`lookup` or `refund`). */
export function shopCalls(shop: HttpPeer, step: string): number {
  return shop.requests.filter((request) => request.query.step === step).length;
}
