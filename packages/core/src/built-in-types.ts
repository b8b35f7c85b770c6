/**
 * The two node types the connection rules insert by themselves (SPEC.md sections 3-4).
 * Their definitions live in `@weft/nodes`; these names are what both sides agree on.
 */
export const CONVERTER_NODE_TYPE = 'convert';
export const CONVERTER_INPUT = 'input';
export const CONVERTER_OUTPUT = 'output';

export const MERGER_NODE_TYPE = 'merge';
/** Merger inputs are `input-0 … input-(n-1)`. */
export const MERGER_INPUT_PREFIX = 'input-';
export const MERGER_OUTPUT = 'output';
export const MERGER_LABEL = 'Merger';
