import { describe, expect, it } from 'vitest';
import { can, deniedMessage, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from './permissions.js';

describe('workspace permissions', () => {
  it('gives each role the sets the issue names', () => {
    const allowed = (permission: (typeof PERMISSIONS)[number]) => ROLES.filter((role) => can(role, permission));
    expect(allowed('workspace.delete')).toEqual(['owner']);
    expect(allowed('workspace.transfer')).toEqual(['owner']);
    expect(allowed('members.manage')).toEqual(['owner', 'admin']);
    expect(allowed('workspace.settings')).toEqual(['owner', 'admin']);
    expect(allowed('audit.view')).toEqual(['owner', 'admin']);
    for (const permission of ['workflows.edit', 'workflows.run', 'schedules.manage', 'secrets.use'] as const) {
      expect(allowed(permission)).toEqual(['owner', 'admin', 'editor']);
    }
    for (const permission of ['workflows.view', 'runs.view', 'members.view'] as const) {
      expect(allowed(permission)).toEqual(['owner', 'admin', 'editor', 'viewer']);
    }
  });

  it('gives a viewer no secret use and no change', () => {
    expect([...ROLE_PERMISSIONS.viewer].sort()).toEqual(['members.view', 'runs.view', 'workflows.view', 'workspace.view']);
  });

  it('gives each role everything of the role below it, and the owner every permission', () => {
    for (let i = 0; i + 1 < ROLES.length; i++) {
      const higher = ROLE_PERMISSIONS[ROLES[i] as (typeof ROLES)[number]];
      const lower = ROLE_PERMISSIONS[ROLES[i + 1] as (typeof ROLES)[number]];
      for (const permission of lower) expect(higher.has(permission)).toBe(true);
      expect(higher.size).toBeGreaterThan(lower.size);
    }
    expect(ROLE_PERMISSIONS.owner.size).toBe(PERMISSIONS.length);
  });

  it('lets an unknown role do nothing', () => {
    expect(PERMISSIONS.some((permission) => can('superuser', permission))).toBe(false);
  });

  it('says what is missing and whom to ask', () => {
    expect(deniedMessage('viewer', 'workflows.run')).toBe(
      'Your role in this workspace (viewer) does not allow running workflows. Ask an owner, admin or editor of the workspace.',
    );
    expect(deniedMessage('admin', 'workspace.delete')).toBe(
      'Your role in this workspace (admin) does not allow deleting the workspace. Ask an owner of the workspace.',
    );
  });
});
