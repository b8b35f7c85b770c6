import { type DataType, formatBytes, type NodeDefinition, type NodeRunState, portType, RUN_OUTPUT_NODE_TYPE } from '@weft/core';
import { isTruncated } from '../run/value-view';

/** What a node's card says about it in the run on screen (issue 22: results in sight). */
export interface NodeResult {
  readonly tone: 'value' | 'live' | 'error' | 'muted';
  /** "3 documents", "True", "Answer": what came out, before the text. */
  readonly lead?: string;
  /** The value itself, on one line (several for an Output node). */
  readonly text: string;
}

/** An Output node's value gets a few lines; other cards one. */
const OUTPUT_CHARS = 280;
const LINE_CHARS = 140;

const ITEM_WORDS: Partial<Record<DataType, [string, string]>> = {
  documents: ['document', 'documents'],
  chunks: ['chunk', 'chunks'],
  results: ['result', 'results'],
};

/**
 * The card's result line for a node in a run: a failed node's error, a running node's
 * streamed text, else a short preview of what it gave (text as text, a list as its count
 * and first item, a record as its fields). An Output node shows the value it received,
 * the workflow's answer, in a few lines. Null when there is nothing to say: not run,
 * queued, or its values were not kept.
 */
export function nodeResult(
  definition: NodeDefinition,
  config: Readonly<Record<string, unknown>>,
  state: NodeRunState | undefined,
  answer: { readonly has: boolean; readonly value?: unknown },
): NodeResult | null {
  if (!state) return null;
  const isOutput = definition.type === RUN_OUTPUT_NODE_TYPE;
  if (state.status === 'error') return { tone: 'error', text: firstLine(state.error ?? 'Failed', LINE_CHARS) };
  if (state.status === 'skipped') return state.skipReason ? { tone: 'muted', text: state.skipReason } : null;
  if (state.status === 'running') return state.streamed ? { tone: 'live', text: lastChars(state.streamed, LINE_CHARS) } : null;
  if (state.status !== 'success') return null;
  if (isOutput) {
    if (!answer.has && !state.inputs) return null;
    const value = answer.has ? answer.value : state.inputs?.[definition.inputs[0]?.id ?? 'input'];
    return preview(value, 'any', OUTPUT_CHARS, true);
  }
  const outputs = state.outputs;
  if (!outputs) return null;
  // Value outputs only: a Tool output lends the node to an Agent and carries nothing.
  const ports = definition.outputs.filter((p) => p.type !== 'tool');
  const port = ports.find((p) => Object.hasOwn(outputs, p.id));
  if (!port) return Object.keys(outputs).length === 0 ? { tone: 'muted', text: 'No output' } : null;
  const shown = preview(outputs[port.id], portType(port, config), LINE_CHARS, false);
  // Which way a node with several outputs went (a condition's True or False) comes first.
  if (ports.length > 1) return { ...shown, lead: shown.lead ? `${port.label} · ${shown.lead}` : port.label };
  return shown;
}

function preview(value: unknown, type: DataType, chars: number, multiline: boolean): NodeResult {
  if (isTruncated(value)) return { tone: 'value', lead: formatBytes(value.bytes), text: clip(value.preview, chars, multiline) };
  if (value === undefined || value === null) return { tone: 'muted', text: 'Empty' };
  if (typeof value === 'string') return value.trim() ? { tone: 'value', text: clip(value, chars, multiline) } : { tone: 'muted', text: 'Empty text' };
  if (typeof value === 'number' || typeof value === 'boolean') return { tone: 'value', text: String(value) };
  if (Array.isArray(value)) {
    const [one, many] = ITEM_WORDS[type] ?? ['item', 'items'];
    const lead = `${value.length} ${value.length === 1 ? one : many}`;
    if (value.length === 0) return { tone: 'muted', text: lead };
    return { tone: 'value', lead, text: clip(itemText(value[0]), chars, false) };
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Context and query values are text with extras; show the text.
    if (typeof record.text === 'string') return { tone: 'value', text: clip(record.text, chars, multiline) };
    return { tone: 'value', text: clip(fieldsText(record), chars, false) };
  }
  return { tone: 'value', text: clip(String(value), chars, false) };
}

/** A list item as a line: its title or text when it has one, else its fields. */
function itemText(item: unknown): string {
  if (typeof item === 'string') return item;
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const record = item as Record<string, unknown>;
    const metadata = (record.metadata ?? {}) as Record<string, unknown>;
    const title = [record.title, metadata.title, record.text, record.name].find((v) => typeof v === 'string' && v.trim());
    if (typeof title === 'string') return title;
    return fieldsText(record);
  }
  return JSON.stringify(item) ?? String(item);
}

/** `{ ok: true, channel: "C1" }` as "ok: true · channel: C1". */
function fieldsText(record: Record<string, unknown>): string {
  const entries = Object.entries(record);
  if (entries.length === 0) return '{}';
  return entries.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v))}`).join(' · ');
}

/** Whitespace folded (line breaks kept for an Output's lines), cut to `chars`. */
function clip(text: string, chars: number, multiline: boolean): string {
  const folded = multiline
    ? text
        .replace(/[ \t]+/g, ' ')
        .replace(/\n\s*\n+/g, '\n')
        .trim()
    : text.replace(/\s+/g, ' ').trim();
  return folded.length > chars ? `${folded.slice(0, chars - 1)}…` : folded;
}

function firstLine(text: string, chars: number): string {
  return clip(text.split('\n')[0] ?? text, chars, false);
}

function lastChars(text: string, chars: number): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > chars ? `…${folded.slice(folded.length - chars + 1)}` : folded;
}
