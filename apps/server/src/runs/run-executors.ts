import { DEFAULT_POLICY, type ExecutionNode, type GlobalParameter, type NodeExecutor, type NodePolicy, policyOverrides, type Scheduler } from '@weft/core';
import { type NodeServices, type NodeType, nodeExecutorFor } from '@weft/nodes';
import type { RunPlan } from './plan-run.js';
import { resolveConfig, resolveParams } from './resolve-config.js';

/** Per attempt: 5 minutes, no retries, unless the node type says otherwise. */
export const RUN_POLICY: NodePolicy = { ...DEFAULT_POLICY, timeoutMs: 5 * 60_000, retries: 0 };

/**
 * A node type may declare its own policy (an LLM or HTTP node retrying on failure) in an
 * optional `runPolicy`, merged over {@link RUN_POLICY}.
 */
export interface WithRunPolicy {
  readonly runPolicy?: Partial<NodePolicy>;
}

const policies = new WeakMap<NodeType, NodePolicy>();

export function policyFor(nodeType: NodeType | undefined): NodePolicy {
  const own = (nodeType as WithRunPolicy | undefined)?.runPolicy;
  if (!nodeType || !own) return RUN_POLICY;
  let policy = policies.get(nodeType);
  if (!policy) {
    policy = { ...RUN_POLICY, ...own };
    policies.set(nodeType, policy);
  }
  return policy;
}

/** The node type's policy with the node's own settings (retries, wait, timeout) over it. */
export function nodePolicy(plan: RunPlan, node: ExecutionNode): NodePolicy {
  const base = policyFor(plan.nodeType(node.type));
  const settings = plan.settings.get(node.id);
  return settings ? { ...base, ...policyOverrides(settings) } : base;
}

export interface PreparedRun {
  plan: RunPlan;
  /** Global parameters as nodes see them, secrets filled in. */
  params: Record<string, unknown>;
  /** Nodes whose config names a missing secret: they fail with this when they run. */
  configErrors: Map<string, Error>;
}

/**
 * Fills `{{secrets.NAME}}` and `{{params.key}}` into the config of each node that has
 * placeholders, once per run before it starts. A missing secret is not a reason to refuse
 * the run: the node that needs it fails with a message naming it, as DESIGN.md asks.
 */
export function prepareNodes(plan: RunPlan, parameters: Readonly<Record<string, GlobalParameter>>, secrets: Readonly<Record<string, string>>): PreparedRun {
  const { params, broken } = resolveParams(parameters, secrets);
  const configErrors = new Map<string, Error>();
  if (plan.templated.size === 0) return { plan, params, configErrors };
  const scope = { secrets, params, brokenParams: broken };
  const resolve = (node: ExecutionNode, failing: ExecutionNode): ExecutionNode => {
    if (!plan.templated.has(node.id)) return node;
    try {
      return { ...node, config: resolveConfig(node.config, scope) };
    } catch (error) {
      const cause = error instanceof Error ? error : new Error(String(error));
      // A tool's missing secret fails the agent that would call it, naming the tool.
      configErrors.set(failing.id, failing === node ? cause : new Error(`Tool "${node.label || node.id}": ${cause.message}`));
      return node;
    }
  };
  const nodes = plan.nodes.map((node): ExecutionNode => {
    const resolved = resolve(node, node);
    return node.tools ? { ...resolved, tools: node.tools.map((tool) => resolve(tool, node)) } : resolved;
  });
  return { plan: { ...plan, nodes }, params, configErrors };
}

/**
 * The engine's `executorFor`: the nodes package's one wiring (`nodeExecutorFor`, which the
 * tests use too), plus the config errors found before the run: such a node throws its own.
 */
export function executorsFor(plan: RunPlan, configErrors: ReadonlyMap<string, Error>): (type: string) => NodeExecutor<NodeServices> | undefined {
  const executorFor = nodeExecutorFor(plan.nodeType);
  if (configErrors.size === 0) return executorFor;
  return (type) => {
    const executor = executorFor(type);
    if (!executor) return undefined;
    return {
      run(args) {
        const error = configErrors.get(args.ctx.nodeId);
        if (error) throw error;
        return executor.run(args);
      },
    };
  };
}

/** Real timers for the engine's timeouts and backoff; unref'd so they never hold the process open. */
export const timerScheduler: Scheduler = (ms, callback) => {
  const timer = setTimeout(callback, ms);
  timer.unref();
  return () => clearTimeout(timer);
};
