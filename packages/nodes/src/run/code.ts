import type { CodeConfig } from '../code.node.js';
import type { NodeRunArgs } from '../node-services.js';

/**
 * Runs the user's code as a function body in the host's QuickJS sandbox, with `input`
 * and `params` in scope; `console.log` lines go to the run's logs. The sandbox enforces
 * the memory limit and the CPU time limit configured here.
 */
export async function runCode({ inputs, config, ctx }: NodeRunArgs<CodeConfig>) {
  const { code, timeoutMs } = config;
  if (code.trim() === '') throw new Error('The Code node has no code: write a function body that returns a value');
  // JSON has no undefined: an unconnected input reaches the code as null, and so does "no return".
  const globals = { input: inputs.input ?? null, params: ctx.services.params };
  const result = await ctx.services.sandbox.runFunctionBody(code, globals, { signal: ctx.signal, timeoutMs, onLog: (line) => ctx.log(line) });
  return { outputs: { output: result ?? null } };
}
