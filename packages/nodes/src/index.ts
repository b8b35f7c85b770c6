export * from './catalogue.js';
export { converterNode } from './converter.node.js';
export * from './define-node.js';
export { MERGER_DEFAULT_INPUTS, MERGER_MAX_INPUTS, mergerNode } from './merger.node.js';
export { outputNode } from './output.node.js';
export { textInputNode } from './text-input.node.js';
