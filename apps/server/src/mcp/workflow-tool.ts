import { type RunIoNode, runAnswer, runInputSlots, runOutputNodeIds } from '@weft/core';

/*
 * A workflow as an MCP tool: its arguments are the workflow's run inputs (the Text Inputs
 * set to ask on run, core's run-io.ts, the same rule as the Run button, the API and
 * webhooks), its result what its Output nodes receive (`runAnswer`). Pure: the endpoint
 * (mcp-endpoint.ts) and the owner's list (mcp-tools.service.ts) both read it.
 */

/** A tool name as MCP clients accept it (Claude, Cursor and the OpenAI API all take this set). */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const TOOL_NAME_RULE = 'Tool names are 1 to 64 letters, digits, _ or -, e.g. look_up_order';

/** How long an argument's default text may be in the description the model reads. */
const DEFAULT_SHOWN_CHARS = 200;

/** One argument of the tool: a run input, under a name the model can read. */
export interface ToolArgument {
  /** The property name in the input schema. */
  readonly name: string;
  /** The Text Input it fills. */
  readonly nodeId: string;
  readonly label: string;
  /** The node's own text, used when the call gives none; empty: the argument is required. */
  readonly initial: string;
}

/** The JSON Schema of a tool's arguments, as `tools/list` sends it. */
export interface ToolInputSchema {
  type: 'object';
  properties: Record<string, { type: 'string'; title: string; description: string; default?: string }>;
  required?: string[];
  additionalProperties: false;
  [key: string]: unknown;
}

/** What `tools/call` answers, in the MCP result's shape. */
export interface ToolCallResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** `Look up order!` → `look_up_order`: a name made from a label or a workflow name. */
export function toToolName(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64)
    .replace(/_+$/, '');
  return slug === '' ? fallback : slug;
}

/** The tool's arguments, one per run input in canvas order, names made unique. */
export function toolArguments(nodes: readonly RunIoNode[]): ToolArgument[] {
  const taken = new Set<string>();
  return runInputSlots(nodes).map((slot) => {
    const base = toToolName(slot.label, 'input');
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base.slice(0, 60)}_${n}`;
    taken.add(name);
    return { name, nodeId: slot.nodeId, label: slot.label, initial: slot.initial };
  });
}

/** The input schema: a text per argument; one without a default text is required. */
export function toolInputSchema(args: readonly ToolArgument[]): ToolInputSchema {
  const properties: ToolInputSchema['properties'] = {};
  const required: string[] = [];
  for (const arg of args) {
    const shown = arg.initial.length > DEFAULT_SHOWN_CHARS ? `${arg.initial.slice(0, DEFAULT_SHOWN_CHARS)}…` : arg.initial;
    properties[arg.name] = {
      type: 'string',
      title: arg.label,
      description: arg.initial === '' ? `The text for “${arg.label}”.` : `The text for “${arg.label}”; when left out: “${shown}”.`,
      ...(arg.initial === '' ? {} : { default: arg.initial }),
    };
    if (arg.initial === '') required.push(arg.name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

/**
 * A call's arguments as run inputs by node id, or what is wrong with them in words the
 * calling model can act on. A text argument goes as it is; another JSON value goes too,
 * and the Text Input emits its JSON text, as it does for a webhook's JSON body.
 */
export function runInputsOf(
  args: readonly ToolArgument[],
  given: Readonly<Record<string, unknown>> | undefined,
): { ok: true; inputs: Record<string, unknown> } | { ok: false; message: string } {
  const values = given ?? {};
  const known = new Set(args.map((arg) => arg.name));
  const unknown = Object.keys(values).filter((name) => !known.has(name));
  const takes = args.length === 0 ? 'This tool takes no arguments.' : `This tool takes: ${args.map((arg) => arg.name).join(', ')}.`;
  if (unknown.length > 0) return { ok: false, message: `Unknown argument${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}. ${takes}` };
  const missing = args.filter((arg) => arg.initial === '' && (values[arg.name] === undefined || values[arg.name] === null));
  if (missing.length > 0)
    return { ok: false, message: `Missing argument${missing.length === 1 ? '' : 's'} ${missing.map((arg) => arg.name).join(', ')}. ${takes}` };
  const inputs: Record<string, unknown> = {};
  for (const arg of args) {
    const value = values[arg.name];
    if (value !== undefined && value !== null) inputs[arg.nodeId] = value;
  }
  return { ok: true, inputs };
}

/** The part of an ended (or still running) execution a tool result is made from. */
export interface ToolRunOutcome {
  id: string;
  status: string;
  error: string | null;
  outputs: Readonly<Record<string, unknown>> | null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The tool result of a run: the Output nodes' value as text (JSON when it is not text, and
 * then also as structured content when it is an object); a failed, cancelled or unfinished
 * run as an error result the model reads, naming the execution so a person can find it.
 */
export function toolResultOf(nodes: readonly RunIoNode[], outcome: ToolRunOutcome, waitedMs: number): ToolCallResult {
  const meta = { _meta: { executionId: outcome.id } };
  const error = (text: string): ToolCallResult => ({ content: [{ type: 'text', text }], isError: true, ...meta });
  switch (outcome.status) {
    case 'success':
      break;
    case 'error':
      return error(`The workflow failed: ${outcome.error ?? 'no reason given'} (execution ${outcome.id}).`);
    case 'cancelled':
      return error(`The workflow run was cancelled (execution ${outcome.id}).`);
    default:
      return error(
        `The workflow is still running after ${Math.round(waitedMs / 1000)} s; it goes on. Its result will be in execution ${outcome.id} (GET /api/executions/${outcome.id}).`,
      );
  }
  const outputIds = runOutputNodeIds(nodes);
  if (outputIds.length === 0) {
    return { content: [{ type: 'text', text: 'The workflow ran. It has no Output node, so it answers nothing.' }], ...meta };
  }
  const answer = runAnswer(outputIds, outcome.outputs ?? {});
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer, null, 2);
  return { content: [{ type: 'text', text }], ...(isPlainObject(answer) ? { structuredContent: answer } : {}), ...meta };
}
