import { agentNode } from './agent.node.js';
import { codeNode } from './code.node.js';
import { conditionNode } from './condition.node.js';
import { converterNode } from './converter.node.js';
import type { NodeType } from './define-node.js';
import { documentLoaderNode } from './document-loader.node.js';
import { emailSendNode } from './email-send.node.js';
import { embedStoreNode } from './embed-store.node.js';
import { errorTriggerNode } from './error-trigger.node.js';
import { httpRequestNode } from './http-request.node.js';
import { llmChatNode } from './llm-chat.node.js';
import { mcpToolsNode } from './mcp-tools.node.js';
import { mergerNode } from './merger.node.js';
import { type NodePackage, NodeRegistry } from './node-registry.js';
import { outputNode } from './output.node.js';
import { readFeedNode } from './read-feed.node.js';
import { retrieverNode } from './retriever.node.js';
import { runWorkflowNode } from './run-workflow.node.js';
import { slackMessageNode } from './slack-message.node.js';
import { templateNode } from './template.node.js';
import { textInputNode } from './text-input.node.js';
import { textSplitterNode } from './text-splitter.node.js';

/**
 * Every built-in node type, in library order: by category as `NODE_CATEGORIES` lists
 * them (inputs first, outputs last), and within a category in the order data flows.
 */
export const BUILTIN_NODES: readonly NodeType[] = [
  textInputNode,
  errorTriggerNode,
  templateNode,
  llmChatNode,
  agentNode,
  mcpToolsNode,
  documentLoaderNode,
  textSplitterNode,
  embedStoreNode,
  retrieverNode,
  conditionNode,
  codeNode,
  mergerNode,
  runWorkflowNode,
  readFeedNode,
  httpRequestNode,
  slackMessageNode,
  emailSendNode,
  converterNode,
  outputNode,
];

/** Weft's own node types as a package, the first every registry holds. */
export const BUILTIN_PACKAGE: NodePackage = { name: 'Weft built-in nodes', nodes: BUILTIN_NODES };

/**
 * A registry of the built-ins alone: for pure code and tests with no user types. The
 * server builds its own registry (built-ins, installed packages, each user's types).
 */
export const BUILTIN_REGISTRY = new NodeRegistry([BUILTIN_PACKAGE]);
