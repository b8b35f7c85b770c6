import type { NodeCategory } from '../node-definition.js';

/**
 * A starter workflow (SPEC.md section 1): the complete document, nodes with their config
 * and prompts, connections, global parameters, and the schedule it is meant to run on. The
 * landing page, the gallery, the dashboard and the editor all read these, so a card and
 * the workflow it creates cannot drift apart. Secrets are named (`{{secrets.NAME}}`),
 * never included: what a user must still provide is found by `workflowSetupNeeds`.
 */
export interface WorkflowTemplate {
  /** Stable, used in URLs (`/editor?template=<id>`) and analytics. */
  readonly id: string;
  readonly name: string;
  /** One sentence for cards. */
  readonly summary: string;
  readonly description: string;
  readonly category: 'Reporting' | 'Data' | 'Monitoring' | 'RAG' | 'Agents';
  /** How the workflow starts, in words: "Schedule · weekdays at 09:00". */
  readonly trigger: string;
  /** The chain cards draw, in the order data flows; a trigger is drawn first. */
  readonly preview: readonly TemplatePreviewNode[];
  readonly nodes: readonly TemplateNode[];
  /**
   * Each is made through the connection rules (`planConnection`), so a converter or merger
   * the types call for is inserted exactly as when the user draws the same line.
   */
  readonly connections: readonly TemplateConnection[];
  readonly parameters: readonly TemplateParameter[];
  /** Created with the workflow, paused until the user turns it on. */
  readonly schedule?: TemplateSchedule;
}

export interface TemplatePreviewNode {
  readonly type: string;
  readonly title: string;
  readonly category: NodeCategory;
  /** Which glyph previews draw for it (a UI hint kept as data). */
  readonly icon: TemplateIcon;
  /** A trigger (a schedule) is set up beside the workflow rather than placed as a node. */
  readonly trigger?: true;
}

export type TemplateIcon =
  | 'clock'
  | 'globe'
  | 'sparkles'
  | 'chat'
  | 'file'
  | 'table'
  | 'filter'
  | 'bell'
  | 'database'
  | 'search'
  | 'scissors'
  | 'output'
  | 'text'
  | 'rss'
  | 'bot';

export interface TemplateNode {
  /** Unique within the template; the created workflow gets fresh ids. */
  readonly key: string;
  readonly type: string;
  readonly label: string;
  /** What the node is for; an Agent reads it as the description of a tool node. */
  readonly description?: string;
  /** Over the definition's defaults. */
  readonly config?: Readonly<Record<string, unknown>>;
}

export interface TemplateConnection {
  readonly from: { readonly node: string; readonly port: string };
  readonly to: { readonly node: string; readonly port: string };
}

export interface TemplateParameter {
  readonly key: string;
  /** Empty means the user must fill it in before the first run. */
  readonly value: string;
  readonly description: string;
}

/** What `POST /api/schedules` gets, in the user's time zone; one of `cron` and `intervalSeconds`. */
export interface TemplateSchedule {
  readonly name: string;
  readonly cron?: string;
  readonly intervalSeconds?: number;
}

/** A connection in two words: `link('fetch.output', 'digest.input')`. */
export function link(from: string, to: string): TemplateConnection {
  const [fromNode = '', fromPort = ''] = from.split('.');
  const [toNode = '', toPort = ''] = to.split('.');
  return { from: { node: fromNode, port: fromPort }, to: { node: toNode, port: toPort } };
}

/** How the templates name the model key, so one secret serves them all. */
export const OPENAI_KEY_SECRET = '{{secrets.OPENAI_API_KEY}}';
export const SLACK_WEBHOOK_SECRET = '{{secrets.SLACK_WEBHOOK_URL}}';

/**
 * The indexing branch of the RAG templates: a Document Loader of an uploaded file (`key`,
 * `label`) → Split → Embed & Store into `collection`, replacing what the collection held
 * (unchanged chunks are not embedded again, so a run that indexes the same file costs
 * nothing there). Its last node is `store`; the caller links `store.output` onward.
 */
export function ingestBranch(
  loader: { readonly key: string; readonly label: string },
  collection: string,
): { nodes: TemplateNode[]; connections: TemplateConnection[] } {
  return {
    nodes: [
      { key: loader.key, type: 'rag.load', label: loader.label, config: { source: 'file', file: '' } },
      { key: 'split', type: 'rag.split', label: 'Split', config: {} },
      {
        key: 'store',
        type: 'rag.store',
        label: 'Embed & Store',
        config: { collection, mode: 'replace', provider: 'openai', model: 'text-embedding-3-small', apiKey: OPENAI_KEY_SECRET },
      },
    ],
    connections: [link(`${loader.key}.output`, 'split.input'), link('split.output', 'store.input')],
  };
}
