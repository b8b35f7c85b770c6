import type { WorkflowDocument } from '@weft/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { McpToolRow } from '../db/schema-agents.js';
import type { Clock } from '../platform/clock.js';
import { readRunDocument } from '../workflows/run-document-cache.js';
import type { LoadedWorkflow } from '../workflows/workflow-document.js';
import type { WorkflowLookup } from '../workflows/workflow-lookup.js';
import { mcpToolsWithWorkflow } from '../workflows/workflow-statements.js';
import { TOOL_NAME_PATTERN, TOOL_NAME_RULE, type ToolArgument, type ToolInputSchema, toolArguments, toolInputSchema, toToolName } from './workflow-tool.js';

/** An exposed workflow as its owner sees it (docs/API.md "MCP"). */
export interface McpToolView {
  workflowId: string;
  workflowName: string;
  name: string;
  /** What the owner wrote; empty: clients read `effectiveDescription`'s sentence. */
  description: string;
  /** What MCP clients read: the owner's text, else a sentence naming the workflow. */
  effectiveDescription: string;
  inputSchema: ToolInputSchema;
  createdAt: string;
  updatedAt: string;
}

/** A tool an MCP caller may call: the workflow it runs, read in the same query. */
export interface CallableTool {
  name: string;
  description: string;
  /** The workflow as a run starts from it, or why it cannot be read (a document newer than this server). */
  workflow: LoadedWorkflow | { problem: string };
  args: ToolArgument[];
}

export type ExposeResult =
  | { ok: true; tool: McpToolView; created: boolean }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'invalid' | 'name_taken'; message: string };

/** Tool descriptions are for a model to read: a paragraph, not a manual. */
export const MAX_TOOL_DESCRIPTION = 1000;

interface ToolRowWithWorkflow extends McpToolRow {
  workflowName: string;
  document: WorkflowDocument | undefined;
}

/** What a client's model reads about the tool. */
function describe(stored: string, workflowName: string): string {
  if (stored.trim() !== '') return stored;
  return `Runs the workflow “${workflowName}” and answers with what its Output node receives.`;
}

/**
 * Which workflows an owner exposes as MCP tools (table `mcp_tools`, migration 0019), and
 * the tools an MCP caller may call: the owner's exposed workflows, within its API key's
 * workflows when the key is limited to some. Nothing is cached: each MCP request reads
 * the rows with their workflows in one query, so exposing, renaming or withdrawing a tool
 * takes effect at once on every process.
 */
export class McpToolsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly workflows: Pick<WorkflowLookup, 'loadForRun'>,
    private readonly clock: Clock,
  ) {}

  /** The user's exposed workflows, by tool name. */
  async list(userId: string): Promise<McpToolView[]> {
    const rows = await this.rowsWithWorkflow(userId);
    return rows.map((row) => this.toView(row));
  }

  /** The exposure of one workflow (null: not exposed); not_found when the workflow is not the user's. */
  async get(userId: string, workflowId: string): Promise<{ ok: true; tool: McpToolView | null } | { ok: false; reason: 'not_found' }> {
    const workflow = await this.workflows.loadForRun(userId, workflowId);
    if (!workflow) return { ok: false, reason: 'not_found' };
    const row = await this.findRow(userId, workflowId);
    return { ok: true, tool: row ? this.toView(this.withWorkflow(row, workflow.name, workflow.document)) : null };
  }

  /**
   * Exposes a workflow, or changes its name or description. A first exposure without a
   * name takes one made from the workflow's name (made unique among the user's tools).
   */
  async expose(userId: string, workflowId: string, change: { name?: string | undefined; description?: string | undefined }): Promise<ExposeResult> {
    const workflow = await this.workflows.loadForRun(userId, workflowId);
    if (!workflow) return { ok: false, reason: 'not_found' };
    if (change.name !== undefined && !TOOL_NAME_PATTERN.test(change.name)) return { ok: false, reason: 'invalid', message: TOOL_NAME_RULE };
    const existing = await this.findRow(userId, workflowId);
    const name = change.name ?? existing?.name ?? (await this.freeName(userId, toToolName(workflow.name, 'workflow')));
    const holder = await this.db.selectFrom('mcp_tools').select('workflow_id').where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
    if (holder && holder.workflow_id !== workflowId) return this.nameTaken(name);
    const now = this.clock.now().toISOString();
    const description = change.description ?? existing?.description ?? '';
    try {
      if (existing) {
        await this.db
          .updateTable('mcp_tools')
          .set({ name, description, updated_at: now })
          .where('workflow_id', '=', workflowId)
          .where('user_id', '=', userId)
          .execute();
      } else {
        await this.db
          .insertInto('mcp_tools')
          .values({ workflow_id: workflowId, user_id: userId, name, description, created_at: now, updated_at: now })
          .execute();
      }
    } catch (error) {
      // Another request took the name (or exposed this workflow) meanwhile: the unique index said no.
      const taken = await this.db.selectFrom('mcp_tools').select('workflow_id').where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
      if (taken && taken.workflow_id !== workflowId) return this.nameTaken(name);
      throw error;
    }
    const row = await this.findRow(userId, workflowId);
    if (!row) return { ok: false, reason: 'not_found' };
    return { ok: true, tool: this.toView(this.withWorkflow(row, workflow.name, workflow.document)), created: !existing };
  }

  /** Withdraws a workflow from MCP; false when the workflow is not the user's. */
  async remove(userId: string, workflowId: string): Promise<boolean> {
    const workflow = await this.workflows.loadForRun(userId, workflowId);
    if (!workflow) return false;
    await this.db.deleteFrom('mcp_tools').where('workflow_id', '=', workflowId).where('user_id', '=', userId).execute();
    return true;
  }

  /** The tools a caller may call: the user's exposed workflows, within `scope` when its key is limited. */
  async callable(userId: string, scope: readonly string[] | null, name?: string): Promise<CallableTool[]> {
    let query = mcpToolsWithWorkflow(this.db).where('mcp_tools.user_id', '=', userId);
    if (scope !== null) query = query.where('mcp_tools.workflow_id', 'in', scope.length > 0 ? [...scope] : ['']);
    if (name !== undefined) query = query.where('mcp_tools.name', '=', name);
    const rows = await query.orderBy('mcp_tools.name').execute();
    return rows.map((row) => {
      const parsed = parse(row.workflow_id, row.workflow_document);
      if ('problem' in parsed) return { name: row.name, description: describe(row.description, row.workflow_name), workflow: parsed, args: [] };
      const workflow: LoadedWorkflow = {
        id: row.workflow_id,
        name: row.workflow_name,
        version: row.workflow_version,
        document: row.workflow_document,
        parsed: parsed.document,
      };
      return { name: row.name, description: describe(row.description, row.workflow_name), workflow, args: toolArguments(parsed.document.nodes) };
    });
  }

  private nameTaken(name: string): ExposeResult {
    return { ok: false, reason: 'name_taken', message: `Another of your workflows is exposed as “${name}”. Pick another tool name.` };
  }

  /** `base`, or `base_2`, `base_3`… whichever the user has not given a tool yet. */
  private async freeName(userId: string, base: string): Promise<string> {
    const rows = await this.db.selectFrom('mcp_tools').select('name').where('user_id', '=', userId).execute();
    const taken = new Set(rows.map((row) => row.name));
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base.slice(0, 60)}_${n}`;
    return name;
  }

  private findRow(userId: string, workflowId: string): Promise<McpToolRow | undefined> {
    return this.db.selectFrom('mcp_tools').selectAll().where('workflow_id', '=', workflowId).where('user_id', '=', userId).executeTakeFirst();
  }

  private async rowsWithWorkflow(userId: string): Promise<ToolRowWithWorkflow[]> {
    const rows = await mcpToolsWithWorkflow(this.db).where('mcp_tools.user_id', '=', userId).orderBy('mcp_tools.name').execute();
    return rows.map(({ workflow_name, workflow_version: _version, workflow_document, ...row }) => this.withWorkflow(row, workflow_name, workflow_document));
  }

  private withWorkflow(row: McpToolRow, workflowName: string, json: string): ToolRowWithWorkflow {
    const parsed = parse(row.workflow_id, json);
    return { ...row, workflowName, document: 'document' in parsed ? parsed.document : undefined };
  }

  private toView(row: ToolRowWithWorkflow): McpToolView {
    return {
      workflowId: row.workflow_id,
      workflowName: row.workflowName,
      name: row.name,
      description: row.description,
      effectiveDescription: describe(row.description, row.workflowName),
      inputSchema: toolInputSchema(row.document ? toolArguments(row.document.nodes) : []),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}

/** The run's parse of the stored document, or why it cannot be read here. */
function parse(workflowId: string, json: string): { document: WorkflowDocument } | { problem: string } {
  try {
    return { document: readRunDocument(workflowId, json) };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}
