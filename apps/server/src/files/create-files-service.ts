import type { NodeDefinition } from '@weft/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../services/clock.js';
import { DatabaseFileStore } from './database-file-store.js';
import { FilesService } from './files.service.js';

/**
 * The files service over the database store. "Used by" reads the installed node types
 * (`definitions`): custom node types have no `file` settings.
 */
export function createFilesService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  maxBytes: number;
  definitions: readonly NodeDefinition[];
  reclaimSpace?: () => Promise<void>;
}): FilesService {
  const { db } = deps;
  return new FilesService({
    store: new DatabaseFileStore(db),
    clock: deps.clock,
    maxBytes: deps.maxBytes,
    definitions: deps.definitions,
    workflowsOf: (userId) => db.selectFrom('workflows').select(['id', 'name', 'document']).where('user_id', '=', userId).execute(),
    reclaimSpace: deps.reclaimSpace,
  });
}
