import { type CustomNodeInput, customNodeDefinition, isCustomNodeType, type NodeDefinition, uniqueCustomNodeType } from '@weft/core';
import type { NodeType } from '@weft/nodes';
import type { Kysely } from 'kysely';
import type { CustomNodeTypeRow, Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/tokens.js';
import { customNodeType } from './custom-node-executor.js';
import { type CustomNodeImportPlan, type ExportedCustomNode, type ImportedCustomNode, planCustomNodeImport } from './custom-node-import.js';

export type { ExportedCustomNode } from './custom-node-import.js';

/** A custom node type as the API shows it: the definition's parts flat, plus the code. */
export interface CustomNodeType extends Omit<NodeDefinition, 'docs' | 'hidden' | 'variableInputs' | 'preview'> {
  id: string;
  code: string;
  createdAt: string;
  updatedAt: string;
}

/** What the work done alongside an import (`importTypes`'s `alongside`) answers; a refusal undoes the import. */
export type ImportStep<T> = { ok: true; value: T } | { ok: false; message: string };

export type CustomNodeImportResult<T> =
  | { ok: true; plan: CustomNodeImportPlan; value: T }
  /** `alongside` refused (the message is its own); nothing was created. */
  | { ok: false; reason: 'refused'; message: string }
  /** A type id the plan chose was taken meanwhile by a concurrent request; nothing was created. */
  | { ok: false; reason: 'conflict'; message: string };

/** Carries a refusal out of the transaction, which rolls it back. */
class ImportRefused extends Error {
  constructor(readonly result: Extract<CustomNodeImportResult<never>, { ok: false }>) {
    super(result.message);
  }
}

/** Concurrent creates of the same title can pick the same type; the loser retries this often. */
const INSERT_ATTEMPTS = 5;

function toApi(row: CustomNodeTypeRow): CustomNodeType {
  const { docs: _docs, hidden: _hidden, variableInputs: _variable, preview: _preview, ...definition } = JSON.parse(row.definition) as NodeDefinition;
  return { ...definition, type: row.type, id: row.id, code: row.code, createdAt: row.created_at, updatedAt: row.updated_at };
}

/**
 * Each user's own node types (issue 4, "User code"): stored definitions plus code, run
 * in the sandbox like the Code node. Every query is scoped by owner, so another user's
 * type is indistinguishable from a missing one. The type id (`custom.<slug>`) is fixed
 * at creation, because workflows refer to it; an update bumps the definition's version.
 */
export class CustomNodesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<CustomNodeType[]> {
    const rows = await this.rows(userId);
    return rows.map(toApi);
  }

  async get(userId: string, id: string): Promise<CustomNodeType | undefined> {
    const row = await this.db.selectFrom('custom_node_types').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return row ? toApi(row) : undefined;
  }

  /** Creates a type named after the title (`custom.<slug>`, `-2`… when the user has one). */
  async create(userId: string, input: CustomNodeInput, db: Kysely<Database> = this.db): Promise<CustomNodeType> {
    for (let attempt = 1; ; attempt += 1) {
      const taken = new Set((await db.selectFrom('custom_node_types').select('type').where('user_id', '=', userId).execute()).map((r) => r.type));
      const type = uniqueCustomNodeType(input.title, (t) => taken.has(t));
      const created = await this.insert(userId, type, input, db);
      if (created) return created;
      if (attempt >= INSERT_ATTEMPTS) throw new Error(`Could not find a free type id for "${input.title}"`);
    }
  }

  /**
   * Creates a type under the given id, or returns undefined when the user already has
   * that id (the caller picks another). Import uses this to keep a file's type ids.
   */
  async insert(userId: string, type: string, input: CustomNodeInput, db: Kysely<Database> = this.db): Promise<CustomNodeType | undefined> {
    const now = this.clock.now().toISOString();
    const row: CustomNodeTypeRow = {
      id: newId(),
      user_id: userId,
      type,
      definition: JSON.stringify(customNodeDefinition(type, 1, input)),
      code: input.code,
      created_at: now,
      updated_at: now,
    };
    const result = await db
      .insertInto('custom_node_types')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'type']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? toApi(row) : undefined;
  }

  /**
   * Brings the custom types an import carries into the user's account, as planned by
   * `planCustomNodeImport` (reuse an identical type, keep the file's id when free, or a
   * new id with the nodes re-pointed), in one transaction. Both imports go through here:
   * the workflow import (only the types its nodes use, `used`; it writes the workflow
   * in `alongside`) and `POST /api/custom-nodes/import` (all of them). `alongside` runs
   * inside the transaction once the types exist, with the plan; when it refuses, or a
   * chosen id was taken by a concurrent request, everything is rolled back.
   */
  async importTypes<T = undefined>(
    userId: string,
    entries: readonly ImportedCustomNode[],
    options: { used?: ReadonlySet<string>; alongside?: (plan: CustomNodeImportPlan, trx: Kysely<Database>) => Promise<ImportStep<T>> } = {},
  ): Promise<CustomNodeImportResult<T>> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        // Read in the transaction: SQLite has one connection, which the transaction holds.
        const plan = planCustomNodeImport(entries, await this.forExport(userId, undefined, trx), options.used);
        for (const { type, input } of plan.create) {
          if (!(await this.insert(userId, type, input, trx))) {
            throw new ImportRefused({
              ok: false,
              reason: 'conflict',
              message: `The custom node type "${type}" was created at the same moment by another request. Import the file again.`,
            });
          }
        }
        const step: ImportStep<T> = options.alongside ? await options.alongside(plan, trx) : { ok: true, value: undefined as T };
        if (!step.ok) throw new ImportRefused({ ok: false, reason: 'refused', message: step.message });
        return { ok: true as const, plan, value: step.value };
      });
    } catch (error) {
      if (error instanceof ImportRefused) return error.result;
      throw error;
    }
  }

  /** Replaces title, ports, settings and code; the type id stays, the version goes up. */
  async update(userId: string, id: string, input: CustomNodeInput): Promise<CustomNodeType | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('custom_node_types').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!row) return undefined;
      const previous = JSON.parse(row.definition) as NodeDefinition;
      const definition = customNodeDefinition(row.type, (previous.version ?? 0) + 1, input);
      const updatedAt = this.clock.now().toISOString();
      const changes = { definition: JSON.stringify(definition), code: input.code, updated_at: updatedAt };
      await trx.updateTable('custom_node_types').set(changes).where('id', '=', id).where('user_id', '=', userId).execute();
      return toApi({ ...row, ...changes });
    });
  }

  /** False when there was nothing of this user's to delete. Workflows using it keep their nodes (shown as unknown). */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('custom_node_types').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * The user's custom definitions, for the catalogue and the workflow checks. With
   * `types`, only those (and no query at all when none of them is custom, which keeps
   * saves and runs of workflows without custom nodes free of the lookup).
   */
  async definitionsFor(userId: string, types?: Iterable<string>): Promise<NodeDefinition[]> {
    const rows = await this.rows(userId, types);
    return rows.map((row) => JSON.parse(row.definition) as NodeDefinition);
  }

  /** Runnable node types (definition + `run` through the sandbox), for the run service. */
  async nodeTypesFor(userId: string, types?: Iterable<string>): Promise<NodeType[]> {
    const rows = await this.rows(userId, types);
    return rows.map((row) => customNodeType(JSON.parse(row.definition) as NodeDefinition, row.code));
  }

  /** The custom types a workflow uses (all of the user's without `types`), as an export carries them. */
  async forExport(userId: string, types?: Iterable<string>, db: Kysely<Database> = this.db): Promise<ExportedCustomNode[]> {
    const rows = await this.rows(userId, types, db);
    return rows.map((row) => ({ type: row.type, definition: JSON.parse(row.definition) as NodeDefinition, code: row.code }));
  }

  private async rows(userId: string, types?: Iterable<string>, db: Kysely<Database> = this.db): Promise<CustomNodeTypeRow[]> {
    let query = db.selectFrom('custom_node_types').selectAll().where('user_id', '=', userId);
    if (types !== undefined) {
      const wanted = [...new Set([...types].filter(isCustomNodeType))];
      if (wanted.length === 0) return [];
      query = query.where('type', 'in', wanted);
    }
    return query.orderBy('created_at').orderBy('id').execute();
  }
}
