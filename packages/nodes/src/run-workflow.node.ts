import { type ConfigOf, TOOL_OUTPUT } from '@weft/core';
import { defineConfig, defineNode } from './define-node.js';
import { runSubWorkflow, workflowAgentTools } from './run/run-workflow.js';

/** The settings of Run Workflow; its `run` and `tools` read them typed as {@link RunWorkflowConfig}. */
export const runWorkflowConfig = defineConfig([
  {
    kind: 'text',
    key: 'workflowId',
    label: 'Workflow ID',
    required: true,
    default: '',
    placeholder: '3f2c9a1e-…',
    description: 'The id of one of your workflows (in its address: /workflows/<id>).',
  },
  {
    kind: 'json',
    key: 'inputs',
    label: 'Run inputs',
    default: {},
    description:
      'The called workflow’s run inputs by name (its Text Inputs set to ask on run, e.g. {"question": "…"}). The Input port fills the one left unset, or merges an object.',
  },
]);

export type RunWorkflowConfig = ConfigOf<typeof runWorkflowConfig>;

/**
 * Another workflow of the same owner as a step (a sub-workflow), or as an Agent's tool
 * whose arguments are that workflow's run inputs. Each call is an ordinary execution of
 * the called workflow, linked to the calling run.
 */
export const runWorkflowNode = defineNode({
  type: 'workflow.run',
  version: 1,
  title: 'Run Workflow',
  category: 'Logic',
  description: 'Runs another of your workflows and outputs what its Output nodes receive.',
  inputs: [{ id: 'input', label: 'Input', type: 'any', optional: true, description: 'Fills the run input left unset; an object fills inputs by name.' }],
  outputs: [{ id: 'output', label: 'Result', type: 'any' }, TOOL_OUTPUT],
  config: runWorkflowConfig,
  toolUse: { description: 'Runs another workflow.' },
  run: runSubWorkflow,
  tools: workflowAgentTools,
  docs: `Runs another of your workflows as a **sub-workflow** and outputs what its **Output** nodes receive (one Output: its value; several: an object by node).

- **Workflow ID**: the workflow to call, one of yours (from its address, \`/workflows/<id>\`). Another user's workflow cannot be called; the node fails naming the id.
- **Run inputs**: the called workflow's run inputs (its Text Inputs set to *Ask on run*) by name, the name made from the Text Input's label (\`Customer question\` → \`customer_question\`). A value connected to **Input** fills the one input left unset; an object fills inputs by name.
- Each call is an ordinary execution of the called workflow, in its history with the trigger *Sub-workflow* and a link to the run that called it. Cancelling the calling run cancels it.
- A workflow may call others, which may call others, up to 5 deep: a workflow calling itself (directly or through others) fails at that depth, saying so.
- Connected to an **Agent**'s **Tools** input, the workflow becomes a tool: its name is the node's label, its description the node's description (else the workflow's name), its arguments the workflow's run inputs.`,
});
