/**
 * Why a workspace action was refused, with a message the person can act on. The routes turn
 * `kind` into the status (not_found 404, forbidden 403, conflict 409, invalid 400,
 * unavailable 503); the
 * services stay free of HTTP.
 */
export class WorkspaceError extends Error {
  constructor(
    readonly kind: 'not_found' | 'forbidden' | 'conflict' | 'invalid' | 'unavailable',
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'WorkspaceError';
  }
}

/** One answer for a workspace that does not exist and one the caller is not a member of, so ids reveal nothing. */
export const WORKSPACE_NOT_FOUND = 'Workspace not found';
