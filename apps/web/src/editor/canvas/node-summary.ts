import { CONVERTER_NODE_TYPE, MERGER_NODE_TYPE, type NodeDefinition } from '@weft/core';
import type { GlobalParameters } from '../store/types';

const MAX = 90;

/**
 * One line under a node's title that says what this instance does, as n8n's subtitles
 * do: the conversion of a converter, the inputs of a merger, else the first filled-in
 * text or prompt. Secrets are never shown. Whether a node has one decides its card's
 * height (node-geometry.ts), so this answers the raw line; {@link summaryParts} is what
 * the card shows.
 */
export function nodeSummary(definition: NodeDefinition, config: Readonly<Record<string, unknown>>): string | null {
  const line = rawSummary(definition, config);
  return line && cut(line);
}

function rawSummary(definition: NodeDefinition, config: Readonly<Record<string, unknown>>): string | null {
  if (definition.type === CONVERTER_NODE_TYPE) {
    const { sourceType, targetType } = config;
    return typeof sourceType === 'string' && typeof targetType === 'string' ? `${sourceType} → ${targetType}` : null;
  }
  if (definition.type === MERGER_NODE_TYPE) {
    const count = typeof config.inputCount === 'number' ? config.inputCount : definition.inputs.length;
    const type = typeof config.dataType === 'string' ? config.dataType : 'any';
    return `${count} ${type} inputs, concatenated`;
  }
  for (const field of definition.config) {
    if (field.kind !== 'text' && field.kind !== 'prompt') continue;
    const value = config[field.key];
    if (typeof value !== 'string') continue;
    const line = value.replace(/\s+/g, ' ').trim();
    if (line) return line;
  }
  return null;
}

function cut(line: string, max = MAX): string {
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A piece of the summary line: text as written, or a global parameter put in. */
export type SummaryPart =
  | { readonly kind: 'text'; readonly text: string }
  /** `value` is null when the parameter is missing or empty: the card names it instead. */
  | { readonly kind: 'param'; readonly key: string; readonly value: string | null; readonly text: string };

const PARAM = /\{\{\s*params\.([\w$-]+)\s*\}\}/g;

/** Whether a summary line names a global parameter, so its card follows the parameters. */
export function usesParameters(definition: NodeDefinition, config: Readonly<Record<string, unknown>>): boolean {
  return /\{\{\s*params\./.test(rawSummary(definition, config) ?? '');
}

/**
 * The summary as the card shows it (issue 22): each `{{params.key}}` replaced by the
 * parameter's value, so a card reads "https://hnrss.org/frontpage" rather than
 * `{{params.feedUrl}}`; a parameter without a value shows as "‹key›", which the card marks
 * as not set. Cut to one line after the values are in, never inside a value's name.
 */
export function summaryParts(definition: NodeDefinition, config: Readonly<Record<string, unknown>>, parameters: GlobalParameters): SummaryPart[] | null {
  const line = rawSummary(definition, config);
  if (!line) return null;
  const parts: SummaryPart[] = [];
  let at = 0;
  for (const match of line.matchAll(PARAM)) {
    if (match.index > at) parts.push({ kind: 'text', text: line.slice(at, match.index) });
    const key = match[1] as string;
    const value = parameters[key]?.value.replace(/\s+/g, ' ').trim() || null;
    parts.push({ kind: 'param', key, value, text: value ?? `‹${key}›` });
    at = match.index + match[0].length;
  }
  if (at < line.length) parts.push({ kind: 'text', text: line.slice(at) });
  return cutParts(parts);
}

function cutParts(parts: SummaryPart[]): SummaryPart[] {
  if (summaryText(parts).length <= MAX) return parts;
  const out: SummaryPart[] = [];
  let room = MAX - 1; // and the ellipsis
  for (const part of parts) {
    if (part.text.length >= room) {
      out.push({ ...part, text: `${part.text.slice(0, room)}…` });
      break;
    }
    out.push(part);
    room -= part.text.length;
  }
  return out;
}

/** The summary as plain text (the card's tooltip and accessible text). */
export function summaryText(parts: readonly SummaryPart[]): string {
  return parts.map((p) => p.text).join('');
}
