import type { DataType } from './data-types.js';

/** One typed input or output handle of a node. */
export interface PortDefinition {
  readonly id: string;
  readonly label: string;
  readonly type: DataType;
  readonly description?: string;
  /** Inputs only: the node can run without this input connected. */
  readonly optional?: boolean;
  /**
   * Config key whose value is this port's data type, for nodes whose types are chosen
   * per instance (a converter's `sourceType`/`targetType`, a merger's `dataType`).
   * `type` is the fallback when the config holds no valid data type.
   */
  readonly typeFrom?: string;
  /**
   * Inputs only: takes any number of connections, each kept apart (an Agent's Tools),
   * where another input given a second connection gets a merger.
   */
  readonly multiple?: boolean;
  /**
   * Inputs only: its value is not used; a connection only makes the node wait for the
   * other (a Retriever's or an Agent's After, behind Embed & Store). So the editor never
   * wires it on its own when a node is added after another.
   */
  readonly orderOnly?: boolean;
}

interface FieldBase {
  readonly key: string;
  readonly label: string;
  readonly description?: string;
  readonly required?: boolean;
  /**
   * Required only while another field of the node holds a value (`equals`: a Document
   * Loader's file while its source is "file") or any value but one (`notEquals`: an
   * embedding model unless the provider is "none"). Everything that checks `required`
   * honours it through {@link fieldIsRequired} (config-values.ts).
   */
  readonly requiredWhen?: { readonly key: string; readonly equals: string } | { readonly key: string; readonly notEquals: string };
}

/**
 * A configuration field. The editor renders one form control per kind; the kinds are
 * data, never React, so definitions stay browser- and server-safe.
 */
export type ConfigField =
  | (FieldBase & { readonly kind: 'text'; readonly default?: string; readonly placeholder?: string; readonly multiline?: boolean })
  | (FieldBase & { readonly kind: 'prompt'; readonly default?: string; readonly placeholder?: string })
  | (FieldBase & { readonly kind: 'number'; readonly default?: number; readonly min?: number; readonly max?: number; readonly step?: number })
  | (FieldBase & { readonly kind: 'select'; readonly default?: string; readonly options: readonly { value: string; label: string }[] })
  | (FieldBase & { readonly kind: 'boolean'; readonly default?: boolean })
  | (FieldBase & { readonly kind: 'secret' })
  | (FieldBase & { readonly kind: 'file'; readonly accept?: string })
  | (FieldBase & { readonly kind: 'json'; readonly default?: unknown })
  /** Source code, edited in a monospace editor; run only by the sandbox, never evaluated elsewhere. */
  | (FieldBase & { readonly kind: 'code'; readonly language: 'javascript'; readonly default?: string });

export type ConfigFieldKind = ConfigField['kind'];

/**
 * Inputs whose number the user chooses in config, e.g. the merger's `input-0 … input-(n-1)`
 * (SPEC.md section 3). The definition's `inputs` list the default set; {@link inputPorts}
 * expands the configured count, so the editor and the server agree on which handles exist.
 */
export interface VariableInputs {
  /** Config key holding the count, e.g. `inputCount`. */
  readonly countKey: string;
  /** Port ids are `${idPrefix}${index}`, starting at 0. */
  readonly idPrefix: string;
  /** Port labels are `${labelPrefix}${index + 1}`. */
  readonly labelPrefix: string;
  readonly min: number;
  readonly max: number;
}

export const NODE_CATEGORIES = ['Inputs', 'AI', 'RAG', 'Logic', 'Integrations', 'Converters', 'Outputs', 'Custom'] as const;
export type NodeCategory = (typeof NODE_CATEGORIES)[number];

/**
 * The serialisable part of a node type: everything the editor and the docs need.
 * Implementations (`run`) live beside it in `@weft/nodes` and never cross the wire.
 */
export interface NodeDefinition {
  /** Dotted identifier, e.g. `llm.chat`. */
  readonly type: string;
  readonly version: number;
  readonly title: string;
  readonly category: NodeCategory;
  readonly description: string;
  readonly inputs: readonly PortDefinition[];
  readonly outputs: readonly PortDefinition[];
  readonly config: readonly ConfigField[];
  /** Markdown shown in the docs and the node's help panel. */
  readonly docs?: string;
  /** Hidden from the node library (inserted automatically, e.g. converters). */
  readonly hidden?: boolean;
  /** Set when the number of inputs comes from config (see {@link VariableInputs}). */
  readonly variableInputs?: VariableInputs;
  /**
   * A placeholder: the definition is complete (ports, config, docs), so the editor can
   * place, connect, configure and save the node, but nothing runs it yet. The node
   * library and the docs say it "runs in a later release". Storing a workflow that
   * holds one is allowed; only running it is not. The run issue clears the flag on each
   * node it implements.
   */
  readonly preview?: boolean;
  /**
   * Set on a node type that can serve as a tool of an Agent: it has an output of type
   * `tool` (core tool-port.ts), and connected to an Agent's Tools input it is not run in the
   * flow; the agent calls it, as often as its model asks (packages/nodes README, "Tools").
   */
  readonly toolUse?: ToolUse;
}

/** How a node type acts as a tool of an Agent (see `NodeDefinition.toolUse`). */
export interface ToolUse {
  /** What the tool does, for the model, unless the node has a description of its own. */
  readonly description: string;
  /**
   * What the model fills in on each call. A `config` argument is asked for only while the
   * node leaves that field empty (filled, it is fixed); an `input` argument is the value of
   * that input port, always asked for. `{{args.NAME}}` in any text field of the node adds
   * a string argument NAME besides. A node that offers its tools at run time (MCP Tools)
   * lists none.
   */
  readonly arguments?: readonly ToolArgument[];
  /**
   * Config fields that hold a URL: an `{{args.NAME}}` written there is filled in
   * percent-encoded (`encodeURIComponent`), so the model's value stays one path segment or
   * query value (`../admin` or `1?x=y` cannot reach another path or add parameters).
   */
  readonly urlFields?: readonly string[];
}

export interface ToolArgument {
  readonly from: 'config' | 'input';
  /** The config field's key, or the input port's id; also the argument's name. */
  readonly key: string;
  /** For the model: what to put there. */
  readonly description: string;
  /** The JSON type of an input argument (a config argument's comes from its field's kind). */
  readonly type?: 'string' | 'number' | 'boolean' | 'object' | 'array';
  /**
   * The model may leave it out. A config argument is required when its field is; an input
   * argument unless this is set.
   */
  readonly optional?: boolean;
  /**
   * An input argument asked for only when the node's text fields say `{{input…}}`: for
   * nodes whose input only fills placeholders (HTTP Request, Send E-mail, Slack).
   */
  readonly onlyIfUsed?: boolean;
  /** Asked for only while another field of the node holds one of these values (a body only for methods that send one). */
  readonly onlyWhen?: { readonly key: string; readonly oneOf: readonly string[] };
}

/** Default config values declared by a definition's fields. */
export function defaultConfig(definition: NodeDefinition): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const field of definition.config) {
    if ('default' in field && field.default !== undefined) config[field.key] = field.default;
  }
  return config;
}
