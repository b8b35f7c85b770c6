import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import type { Mailer } from '../platform/mailer.js';
import { InvitationsService } from './invitations.service.js';
import { WorkspacesRepository } from './workspaces.repository.js';
import { WorkspacesService } from './workspaces.service.js';

/** The workspaces room as the composition root hands it out. */
export interface WorkspaceServices {
  /** Workspaces, members, roles; `access()` is the check every workspace-scoped route makes. */
  workspaces: WorkspacesService;
  invitations: InvitationsService;
}

export function createWorkspaceServices(db: Kysely<Database>, clock: Clock, mailer: Mailer, publicUrl: string): WorkspaceServices {
  const repo = new WorkspacesRepository(db);
  const workspaces = new WorkspacesService(repo, clock);
  return { workspaces, invitations: new InvitationsService(workspaces, repo, mailer, clock, publicUrl) };
}
