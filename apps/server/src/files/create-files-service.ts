import type { NodeDefinition } from '@weft/core';
import type { Kysely } from 'kysely';
import type { ContentWork } from '../content-work/content-work.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import type { WorkflowsRepository } from '../workflows/workflows.repository.js';
import { DatabaseFileStore } from './database-file-store.js';
import { FilesService } from './files.service.js';

/**
 * The files service over the database store. "Used by" reads the installed node types
 * (`definitions`): custom node types have no `file` settings.
 */
export function createFilesService(deps: {
  db: Kysely<Database>;
  /** Whose documents name a file ("used by"). */
  workflows: Pick<WorkflowsRepository, 'documents'>;
  clock: Clock;
  maxBytes: number;
  definitions: readonly NodeDefinition[];
  reclaimSpace?: () => Promise<void>;
  /** WEFT_FILES_QUOTA_MB in bytes (0: none). */
  quotaBytes?: number;
  /** Checks .json uploads in the content workers. */
  content?: ContentWork;
}): FilesService {
  const { content } = deps;
  const { db } = deps;
  return new FilesService({
    store: new DatabaseFileStore(db),
    clock: deps.clock,
    maxBytes: deps.maxBytes,
    definitions: deps.definitions,
    workflowsOf: (userId) => deps.workflows.documents(userId),
    reclaimSpace: deps.reclaimSpace,
    quotaBytes: deps.quotaBytes,
    ...(content ? { checkJson: (text: string, subject: string, owner?: string) => content.checkJson(text, { subject, owner }) } : {}),
  });
}
