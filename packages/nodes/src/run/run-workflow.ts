import type { NodeRunArgs } from '../node-services.js';
import type { RunWorkflowConfig } from '../run-workflow.node.js';
import type { CalledWorkflow } from '../services/workflow-service.js';
import type { AgentTool, ToolsArgs } from '../tools/agent-tool.js';
import { toolName } from '../tools/node-tools.js';

/** In a flow: runs the workflow with the configured inputs (and the Input port's value), outputs its answer. */
export async function runSubWorkflow({ inputs, config, ctx }: NodeRunArgs<RunWorkflowConfig>) {
  const workflowId = workflowIdOf(config);
  const workflow = await ctx.services.workflows.describe(workflowId);
  const args = argumentsOf(workflow, config.inputs, inputs.input);
  const result = await ctx.services.workflows.call(workflowId, args, ctx.signal);
  ctx.log(`"${workflow.name}" answered (execution ${result.executionId})`);
  return { outputs: { output: result.answer } };
}

/** As an Agent's tool: one tool whose arguments are the workflow's run inputs. */
export async function workflowAgentTools({ node, config, ctx }: ToolsArgs): Promise<AgentTool[]> {
  const settings = config as RunWorkflowConfig;
  const workflowId = workflowIdOf(settings);
  const workflow = await ctx.services.workflows.describe(workflowId).catch((error: unknown) => {
    throw new Error(`Tool "${node.label || node.id}": ${error instanceof Error ? error.message : String(error)}`);
  });
  const fixed = fixedInputs(settings.inputs);
  const properties = Object.fromEntries(Object.entries(workflow.parameters.properties ?? {}).filter(([name]) => !(name in fixed)));
  const required = (workflow.parameters.required ?? []).filter((name) => !(name in fixed));
  return [
    {
      name: toolName(node.label && node.label !== 'Run Workflow' ? node.label : workflow.name),
      description: node.description?.trim() || `Runs the workflow "${workflow.name}" and answers what it outputs.`,
      parameters: { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false },
      nodeId: node.id,
      async call(args, callCtx) {
        const result = await callCtx.services.workflows.call(workflowId, { ...fixed, ...args }, callCtx.signal);
        callCtx.log(`"${workflow.name}" answered (execution ${result.executionId})`);
        return result.answer;
      },
    },
  ];
}

function workflowIdOf(config: RunWorkflowConfig): string {
  const id = config.workflowId.trim();
  if (id === '') throw new Error('Workflow ID is required: the id of one of your workflows, from its address (/workflows/<id>)');
  return id;
}

function fixedInputs(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error('Run inputs must be an object of input names and values, such as {"question": "…"}');
  return value as Record<string, unknown>;
}

/**
 * The call's arguments: the configured ones, then the Input port's value: an object merges
 * by name; anything else fills the one input left unset (refused, naming them, when that is
 * not exactly one).
 */
export function argumentsOf(workflow: CalledWorkflow, configured: unknown, input: unknown): Record<string, unknown> {
  const args = { ...fixedInputs(configured) };
  if (input === undefined) return args;
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) return { ...args, ...(input as Record<string, unknown>) };
  const names = Object.keys(workflow.parameters.properties ?? {});
  const unset = names.filter((name) => !(name in args));
  if (unset.length !== 1) {
    const what = names.length === 0 ? 'it has no run inputs' : `its run inputs are ${names.join(', ')}${unset.length === 0 ? ', all set in Run inputs' : ''}`;
    throw new Error(`The Input value has no run input to fill in "${workflow.name}": ${what}. Connect an object, or set Run inputs by name.`);
  }
  args[unset[0] as string] = input;
  return args;
}
