import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CompiledStatements } from '../db/compiled-statements.js';
import type { Database, WebhookRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { newToken } from '../platform/tokens.js';
import { cachedRunDocument, readRunDocument } from '../workflows/run-document-cache.js';
import type { LoadedWorkflow } from '../workflows/workflow-document.js';
import type { WorkflowLookup } from '../workflows/workflow-lookup.js';
import { webhooksWithWorkflow } from '../workflows/workflow-statements.js';

export type WebhookRespond = 'output' | 'accepted';

/** A webhook as its owner sees it: the whole URL, token included. */
export interface WebhookView {
  url: string;
  respond: WebhookRespond;
}

/** What a valid call to a webhook URL may do: run this workflow as its owner. */
export interface WebhookTarget {
  userId: string;
  respond: WebhookRespond;
  /** The workflow, read with the token in one query: the run does not read it again. */
  workflow: LoadedWorkflow;
}

export type WebhookResult = { ok: true; webhook: WebhookView } | { ok: false; reason: 'not_found' };

/** Compared against when there is no row, so a wrong workflow id costs what a wrong token costs. */
const DUMMY_TOKEN = newToken();

/** Fixed-length digests make the comparison constant-time even when the lengths differ. */
function tokensMatch(given: string, stored: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(stored).digest();
  return timingSafeEqual(a, b);
}

function toRespond(value: string): WebhookRespond {
  return value === 'accepted' ? 'accepted' : 'output';
}

/**
 * Per-workflow webhook URLs: `<publicUrl>/hooks/<workflowId>/<token>`, the token 32
 * random bytes. The owner can read the URL back, so the token is stored as is (unlike API
 * keys, it opens one workflow only). Nothing is cached: every call reads the row, so a
 * regenerated or disabled URL stops working at once, on every process.
 */
export class WebhooksService {
  /** The lookup every webhook call makes, compiled once. */
  private readonly statements = new CompiledStatements();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly workflows: Pick<WorkflowLookup, 'owns'>,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  /** null when the workflow has no webhook; not_found when the workflow is not the user's. */
  async get(userId: string, workflowId: string): Promise<WebhookResult | { ok: true; webhook: null }> {
    if (!(await this.ownsWorkflow(userId, workflowId))) return { ok: false, reason: 'not_found' };
    const row = await this.findRow(workflowId);
    return { ok: true, webhook: row ? this.toView(row) : null };
  }

  /** Creates the webhook on first call; afterwards sets the answer mode and, if asked, a new token. */
  async enable(userId: string, workflowId: string, options: { respond?: WebhookRespond; regenerate?: boolean }): Promise<WebhookResult> {
    if (!(await this.ownsWorkflow(userId, workflowId))) return { ok: false, reason: 'not_found' };
    const existing = await this.findRow(workflowId);
    if (!existing) {
      const row: WebhookRow = {
        workflow_id: workflowId,
        user_id: userId,
        token: newToken(),
        respond: options.respond ?? 'output',
        created_at: this.clock.now().toISOString(),
      };
      try {
        await this.db.insertInto('webhooks').values(row).execute();
        return { ok: true, webhook: this.toView(row) };
      } catch (error) {
        // Two first calls raced and the other inserted: apply this call's changes to its row.
        if (!(await this.findRow(workflowId))) throw error;
      }
    }
    const changes: Partial<WebhookRow> = {};
    if (options.respond) changes.respond = options.respond;
    if (options.regenerate) changes.token = newToken();
    if (Object.keys(changes).length > 0) {
      await this.db.updateTable('webhooks').set(changes).where('workflow_id', '=', workflowId).where('user_id', '=', userId).execute();
    }
    const row = await this.findRow(workflowId);
    return row ? { ok: true, webhook: this.toView(row) } : { ok: false, reason: 'not_found' };
  }

  /** False when the workflow is not the user's; disabling a workflow without a webhook is fine. */
  async disable(userId: string, workflowId: string): Promise<boolean> {
    if (!(await this.ownsWorkflow(userId, workflowId))) return false;
    await this.db.deleteFrom('webhooks').where('workflow_id', '=', workflowId).where('user_id', '=', userId).execute();
    return true;
  }

  /**
   * The target of a public webhook call, or undefined for an unknown workflow and for a
   * wrong token alike. One indexed read, the workflow in the same query: the run takes
   * it from here (which nodes take the body, what it answers) instead of reading it again.
   */
  async authenticate(workflowId: string, token: string): Promise<WebhookTarget | undefined> {
    // The document crosses from the database only when it changed since this process last parsed it.
    const known = cachedRunDocument(workflowId);
    const { rows } = await this.statements.run(
      this.db,
      'authenticate',
      (value) =>
        webhooksWithWorkflow(this.db, value('knownVersion'))
          .select(['webhooks.user_id', 'webhooks.token', 'webhooks.respond'])
          .where('webhooks.workflow_id', '=', value('workflowId')),
      { workflowId, knownVersion: known?.version ?? -1 },
    );
    const [row] = rows;
    const matches = tokensMatch(token, row?.token ?? DUMMY_TOKEN);
    if (!row || !matches) return undefined;
    const current = row.document === null ? known : undefined;
    const json = current?.json ?? row.document;
    if (json === null || json === undefined) throw new Error(`Workflow ${row.id}: its stored document was not read.`);
    const workflow: LoadedWorkflow = {
      id: row.id,
      name: row.name,
      version: row.version,
      document: json,
      parsed: current?.document ?? readRunDocument(row.id, json, row.version),
    };
    return { userId: row.user_id, respond: toRespond(row.respond), workflow };
  }

  urlFor(workflowId: string, token: string): string {
    return `${this.publicUrl}/hooks/${encodeURIComponent(workflowId)}/${token}`;
  }

  private toView(row: WebhookRow): WebhookView {
    return { url: this.urlFor(row.workflow_id, row.token), respond: toRespond(row.respond) };
  }

  private findRow(workflowId: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('workflow_id', '=', workflowId).executeTakeFirst();
  }

  private ownsWorkflow(userId: string, workflowId: string): Promise<boolean> {
    return this.workflows.owns(userId, workflowId);
  }
}
