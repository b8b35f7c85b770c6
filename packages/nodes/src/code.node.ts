import { type ConfigOf, TOOL_OUTPUT } from '@weft/core';
import { defineConfig, defineNode } from './define-node.js';
import { runCode } from './run/code.js';

const EXAMPLE = `// \`input\` is the connected value (JSON), \`params\` the global parameters.
// Return any JSON value; it becomes the output.
const text = typeof input === 'string' ? input : JSON.stringify(input);
return { length: text.length, words: text.split(/\\s+/).filter(Boolean).length };`;

/** The settings of Code; its `run` reads them typed as {@link CodeConfig}. */
export const codeConfig = defineConfig([
  { kind: 'code', key: 'code', label: 'JavaScript', language: 'javascript', required: true, default: EXAMPLE },
  {
    kind: 'number',
    key: 'timeoutMs',
    label: 'Time limit (ms)',
    min: 10,
    max: 30_000,
    step: 10,
    default: 1000,
    description: 'CPU time the code may use before it is stopped.',
  },
]);

export type CodeConfig = ConfigOf<typeof codeConfig>;

/** User JavaScript, run in the QuickJS sandbox (DESIGN.md "Secrets and user code"). */
export const codeNode = defineNode({
  type: 'code.javascript',
  version: 1,
  title: 'Code',
  category: 'Logic',
  description: 'Runs your JavaScript in a sandbox on the input and emits what it returns.',
  inputs: [{ id: 'input', label: 'Value', type: 'any', optional: true, description: 'Available to the code as `input`.' }],
  outputs: [{ id: 'output', label: 'Result', type: 'json' }, TOOL_OUTPUT],
  config: codeConfig,
  toolUse: {
    description: 'Runs a fixed piece of JavaScript on the value given and returns its result.',
    arguments: [{ from: 'input', key: 'input', description: 'The value the code gets as `input`.' }],
  },
  run: runCode,
  docs: `The code is the body of a function: \`input\` holds the connected value and \`params\` the global parameters; whatever it \`return\`s (any JSON value) goes to the **Result** output. An unconnected input is \`null\`, and so is the result of code that returns nothing. \`console.log\` lines appear in the run's logs.

It runs in a QuickJS WebAssembly sandbox with a memory limit and the time limit above, and has no access to the network, files, \`process\`, \`require\` or \`import\`. Data crosses in and out as JSON, so dates become strings and functions are dropped. A throw, a time-out or running out of memory fails the node, never the server.`,
});
