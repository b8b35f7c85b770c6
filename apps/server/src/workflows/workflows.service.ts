import {
  checkWorkflowDocument,
  type NodeDefinition,
  readWorkflowImport,
  type WorkflowDocument,
  type WorkflowScheduleSummary,
  type WorkflowSummary,
  withDefaultName,
} from '@weft/core';
import type { NodeRegistry } from '@weft/nodes';
import type { Kysely } from 'kysely';
import { nodeTypesIn, readExportedCustomNodes, retypeNodes } from '../custom-nodes/custom-node-import.js';
import type { CustomNodesService } from '../custom-nodes/custom-nodes.service.js';
import type { Database, WorkflowRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/tokens.js';
import { type SaveKind, saveSummary } from './version-summary.js';
import { readStoredWorkflow, toExport, type WorkflowExport } from './workflow-document.js';
import type { WorkflowVersionsService } from './workflow-versions.service.js';
import { firstWorkflowRow, type WorkflowsRepository } from './workflows.repository.js';

/** A stored workflow as the API shows it: the document plus its bookkeeping. */
export interface StoredWorkflow extends WorkflowDocument {
  id: string;
  /** Bumped on every save; a save must name the version it started from. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type WorkflowResult =
  | { ok: true; workflow: StoredWorkflow }
  | { ok: false; reason: 'invalid'; message: string }
  | { ok: false; reason: 'not_found' }
  /** A save over a newer version: which one, who saved it and when (null when unknown). */
  | { ok: false; reason: 'stale'; currentVersion: number; savedBy: string | null; savedAt: string | null }
  /** Restore only: the workflow exists but that version is not kept. */
  | { ok: false; reason: 'version_not_found'; version: number };

/** Names stay within the document's 200-character limit, the suffix always visible. */
const COPY_SUFFIX = ' (copy)';
const MAX_NAME = 200;
function copyName(name: string): string {
  return `${name.slice(0, MAX_NAME - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

function toStored(row: WorkflowRow): StoredWorkflow {
  const document = readStoredWorkflow(row.document);
  return { id: row.id, version: row.version, createdAt: row.created_at, updatedAt: row.updated_at, ...document };
}

/** The stored document a save replaces, for its summary; null when this code cannot read it. */
function readableDocument(json: string): WorkflowDocument | null {
  try {
    return readStoredWorkflow(json);
  } catch {
    return null;
  }
}

/**
 * How many nodes a stored document has. One this code cannot read (written by a newer
 * Weft) still lists, with no nodes, rather than failing the whole list; opening it says why.
 */
function nodeCount(json: string): number {
  try {
    return readStoredWorkflow(json).nodes.length;
  } catch {
    return 0;
  }
}

/**
 * A user's stored workflows. Every query is scoped by owner, so another user's workflow
 * is indistinguishable from a missing one. Every write goes through the document check
 * (schema, node types, handles, no cycles); saves are optimistic: a save names the
 * version it edited and loses to any save made since.
 */
export class WorkflowsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: WorkflowsRepository,
    private readonly clock: Clock,
    private readonly nodes: NodeRegistry,
    private readonly customNodes: CustomNodesService,
    /** Every save keeps a version, recorded in the save's transaction. */
    private readonly versions: WorkflowVersionsService,
    /** The schedule column of the list, per workflow (schedules/). */
    private readonly scheduleSummaries: (userId: string) => Promise<Map<string, WorkflowScheduleSummary>> = async () => new Map(),
  ) {}

  async list(userId: string): Promise<WorkflowSummary[]> {
    const [rows, schedules] = await Promise.all([this.repository.list(userId), this.scheduleSummaries(userId)]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      version: row.version,
      nodeCount: nodeCount(row.document),
      lastRunStatus: row.last_run_status,
      lastRunAt: row.last_run_at,
      schedule: schedules.get(row.id) ?? null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  async get(userId: string, id: string): Promise<StoredWorkflow | undefined> {
    const row = await this.findRow(userId, id);
    return row ? toStored(row) : undefined;
  }

  /** Creates a workflow from a (possibly partial) document; the name defaults. */
  async create(userId: string, input: unknown): Promise<WorkflowResult> {
    const check = checkWorkflowDocument(withDefaultName(input), await this.definitionsFor(userId, input));
    if (!check.ok) return { ok: false, reason: 'invalid', message: check.message };
    return { ok: true, workflow: await this.insert(userId, check.document, { kind: 'create' }) };
  }

  /**
   * Creates a workflow from an export file or a bare document; nothing on failure. The
   * custom node types the file carries are created for the caller where they have no
   * identical one (custom-node-import.ts), in the same transaction as the workflow.
   */
  async import(userId: string, file: unknown): Promise<WorkflowResult> {
    const carried = readExportedCustomNodes(file);
    if (!carried.ok) return { ok: false, reason: 'invalid', message: `Not a valid Weft workflow file: ${carried.message}` };
    const used = nodeTypesIn(file);
    if (carried.entries.length === 0) {
      const check = readWorkflowImport(file, (await this.nodes.forUser(userId, used)).all);
      if (!check.ok) return { ok: false, reason: 'invalid', message: check.message };
      return { ok: true, workflow: await this.insert(userId, check.document, { kind: 'import' }) };
    }
    const imported = await this.customNodes.importTypes(userId, carried.entries, {
      used,
      // In the import's transaction, after the types exist: a broken graph undoes them.
      alongside: async (plan, trx) => {
        const definitions: NodeDefinition[] = [...this.nodes.installed(), ...plan.definitions];
        const check = readWorkflowImport(retypeNodes(file, plan.retype), definitions);
        if (!check.ok) return check;
        return { ok: true, value: await this.insert(userId, check.document, { kind: 'import' }, trx) };
      },
    });
    if (!imported.ok) return { ok: false, reason: 'invalid', message: imported.message };
    return { ok: true, workflow: imported.value };
  }

  /**
   * Replaces the document if `baseVersion` is still the stored version, keeping the new
   * version in the history. `restoredFrom` marks a restore (the document is that version's).
   */
  async update(userId: string, id: string, baseVersion: number, input: unknown, restoredFrom?: number): Promise<WorkflowResult> {
    const existing = await this.findRow(userId, id);
    if (!existing) return { ok: false, reason: 'not_found' };
    if (existing.version !== baseVersion) return this.stale(userId, id, existing.version);
    const definitions = await this.definitionsFor(userId, input);
    const check = checkWorkflowDocument(input, definitions, 'document');
    if (!check.ok) return { ok: false, reason: 'invalid', message: check.message };
    const updatedAt = this.clock.now().toISOString();
    const before = readableDocument(existing.document);
    const save: SaveKind = restoredFrom === undefined ? { kind: 'update', before } : { kind: 'restore', version: restoredFrom, before };
    // Of two saves from the same base, exactly one matches the row; its version row commits with it.
    const updated = await this.db.transaction().execute(async (trx) => {
      const saved = await this.repository.replaceDocument(trx, {
        userId,
        id,
        baseVersion,
        name: check.document.name,
        document: JSON.stringify(check.document),
        updatedAt,
      });
      if (!saved) return false;
      await this.versions.record(trx, {
        workflowId: id,
        version: baseVersion + 1,
        userId,
        authorId: userId,
        document: check.document,
        summary: saveSummary(save, check.document, definitions),
        restoredFrom: restoredFrom ?? null,
        createdAt: updatedAt,
      });
      return true;
    });
    if (!updated) {
      const current = await this.findRow(userId, id);
      return current ? this.stale(userId, id, current.version) : { ok: false, reason: 'not_found' };
    }
    return { ok: true, workflow: { ...check.document, id, version: baseVersion + 1, createdAt: existing.created_at, updatedAt } };
  }

  /** The refusal of a save over a newer version, naming that version's author and time. */
  private async stale(userId: string, id: string, currentVersion: number): Promise<WorkflowResult> {
    const saved = await this.versions.savedBy(userId, id, currentVersion);
    return { ok: false, reason: 'stale', currentVersion, savedBy: saved?.author ?? null, savedAt: saved?.savedAt ?? null };
  }

  /**
   * Saves a kept version's document as a new version on top of `baseVersion`: history is
   * never rewritten, and a stale base loses like any save.
   */
  async restore(userId: string, id: string, version: number, baseVersion: number): Promise<WorkflowResult> {
    if (!(await this.findRow(userId, id))) return { ok: false, reason: 'not_found' };
    const document = await this.versions.document(userId, id, version);
    if (!document) return { ok: false, reason: 'version_not_found', version };
    return this.update(userId, id, baseVersion, document, version);
  }

  /** False when there was nothing of this user's to delete. */
  async delete(userId: string, id: string): Promise<boolean> {
    return this.repository.delete(userId, id);
  }

  /**
   * A new workflow of the caller's with the same graph, named "<name> (copy)", at
   * version 1 and without run history. The copy passes the same document check as any
   * other write, so a workflow whose node types have left the catalogue is not cloned.
   */
  async duplicate(userId: string, id: string): Promise<WorkflowResult> {
    const original = await this.get(userId, id);
    if (!original) return { ok: false, reason: 'not_found' };
    const { schemaVersion, nodes, edges, globalParameters } = original;
    const copy = { schemaVersion, name: copyName(original.name), nodes, edges, globalParameters };
    const check = checkWorkflowDocument(copy, await this.definitionsFor(userId, copy));
    if (!check.ok) return { ok: false, reason: 'invalid', message: check.message };
    return { ok: true, workflow: await this.insert(userId, check.document, { kind: 'duplicate', from: original.name }) };
  }

  async export(userId: string, id: string): Promise<WorkflowExport | undefined> {
    const workflow = await this.get(userId, id);
    if (!workflow) return undefined;
    return toExport(
      workflow,
      await this.customNodes.forExport(
        userId,
        workflow.nodes.map((node) => node.data.type),
      ),
    );
  }

  count(userId: string): Promise<number> {
    return this.repository.count(userId);
  }

  private findRow(userId: string, id: string): Promise<WorkflowRow | undefined> {
    return this.repository.find(userId, id);
  }

  /** Built-ins plus the caller's custom types that the (raw) document names. */
  private async definitionsFor(userId: string, input: unknown): Promise<readonly NodeDefinition[]> {
    return (await this.nodes.forUser(userId, nodeTypesIn(input))).all;
  }

  /** Stores a new workflow and its first version, in `db`'s transaction or one of its own. */
  private async insert(userId: string, document: WorkflowDocument, save: SaveKind, db?: Kysely<Database>): Promise<StoredWorkflow> {
    if (!db) return this.db.transaction().execute((trx) => this.insert(userId, document, save, trx));
    const now = this.clock.now().toISOString();
    const row = firstWorkflowRow(newId(), userId, document, now);
    await this.repository.insert(row, db);
    const summary = saveSummary(save, document, []);
    await this.versions.record(db, { workflowId: row.id, version: 1, userId, authorId: userId, document, summary, createdAt: now });
    return toStored(row);
  }
}
