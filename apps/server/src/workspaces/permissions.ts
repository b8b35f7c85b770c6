/**
 * What each workspace role may do (issue 25): fixed sets, kept as data so the server checks
 * them on every route and the web app can show the same table. Each role has everything the
 * role below it has: viewer < editor < admin < owner.
 */

export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

// Each role has the one below it and these; the list of every permission is the owner's.
// Viewer: see, change nothing.
const VIEWER = ['workspace.view', 'members.view', 'workflows.view', 'runs.view'] as const;
// Editor: build, run, schedule, use secrets.
const EDITOR = [
  ...VIEWER,
  'workflows.edit',
  'workflows.run',
  'schedules.manage',
  'secrets.use',
  'secrets.manage',
  'files.manage',
  'collections.manage',
  'custom_nodes.manage',
  'api_keys.manage',
] as const;
// Admin: members and settings.
const ADMIN = [...EDITOR, 'members.manage', 'workspace.settings', 'audit.view'] as const;
// Owner: the workspace itself.
const OWNER = [...ADMIN, 'workspace.delete', 'workspace.transfer'] as const;

export const PERMISSIONS = OWNER;
export type Permission = (typeof PERMISSIONS)[number];

/** The fixed permission set of each role. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: new Set(OWNER),
  admin: new Set(ADMIN),
  editor: new Set(EDITOR),
  viewer: new Set(VIEWER),
};

/** Higher is more: compares roles for "nobody raises their own role" and "an admin cannot touch an owner". */
export const ROLE_RANK: Readonly<Record<Role, number>> = { owner: 3, admin: 2, editor: 1, viewer: 0 };

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Whether a member with `role` may do `permission`; an unknown role (a row from a newer Weft) may do nothing. */
export function can(role: string, permission: Permission): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].has(permission);
}

/** What the 403 says when a role lacks a permission: what is missing and who can do it. */
export function deniedMessage(role: string, permission: Permission): string {
  const allowed = ROLES.filter((r) => ROLE_PERMISSIONS[r].has(permission));
  const who = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}` : allowed.join('');
  return `Your role in this workspace (${role}) does not allow ${DESCRIPTIONS[permission]}. Ask an ${who} of the workspace.`;
}

const DESCRIPTIONS: Record<Permission, string> = {
  'workspace.view': 'seeing the workspace',
  'members.view': 'seeing its members',
  'workflows.view': 'seeing workflows',
  'runs.view': 'seeing runs',
  'workflows.edit': 'changing workflows',
  'workflows.run': 'running workflows',
  'schedules.manage': 'changing schedules',
  'secrets.use': 'using secrets',
  'secrets.manage': 'changing secrets',
  'files.manage': 'changing files',
  'collections.manage': 'changing collections',
  'custom_nodes.manage': 'changing custom node types',
  'api_keys.manage': 'managing API keys',
  'members.manage': 'managing members and invitations',
  'workspace.settings': 'changing its settings',
  'audit.view': 'reading the audit trail',
  'workspace.delete': 'deleting the workspace',
  'workspace.transfer': 'transferring ownership',
};
