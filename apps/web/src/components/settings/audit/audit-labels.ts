import type { AuditEntry } from '../../../api/useAuditLog';

/** The action filter's choices: a group (every action under it) or one action. */
export const AUDIT_ACTION_CHOICES: { value: string; label: string }[] = [
  { value: '', label: 'Any action' },
  { value: 'auth', label: 'Sign-ins' },
  { value: 'workflow', label: 'Workflows' },
  { value: 'workflow.export', label: 'Workflow exports' },
  { value: 'schedule', label: 'Schedules' },
  { value: 'secret', label: 'Secrets' },
  { value: 'secret.use', label: 'Secret uses' },
  { value: 'api_key', label: 'API keys' },
  { value: 'member', label: 'Members' },
  { value: 'workspace', label: 'Workspace' },
];

const ACTIONS: Record<string, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'workflow.create': 'Created workflow',
  'workflow.update': 'Saved workflow',
  'workflow.delete': 'Deleted workflow',
  'workflow.restore': 'Restored workflow version',
  'workflow.export': 'Exported workflow',
  'schedule.create': 'Created schedule',
  'schedule.update': 'Changed schedule',
  'schedule.delete': 'Deleted schedule',
  'secret.create': 'Created secret',
  'secret.update': 'Changed secret',
  'secret.delete': 'Deleted secret',
  'secret.use': 'Used secret in a run',
  'api_key.create': 'Created API key',
  'api_key.update': 'Changed API key',
  'api_key.revoke': 'Revoked API key',
  'audit.retention_change': 'Changed audit log retention',
  'workspace.create': 'Created workspace',
  'workspace.rename': 'Renamed workspace',
  'member.invite': 'Invited',
  'member.invite_revoke': 'Withdrew invitation',
  'member.join': 'Joined',
  'member.role_change': 'Changed role',
  'member.remove': 'Removed member',
  'member.leave': 'Left workspace',
  'member.transfer_ownership': 'Transferred ownership',
};

/** "Saved workflow" for `workflow.update`; an action this page does not know yet is shown as it is. */
export function actionLabel(action: string): string {
  return ACTIONS[action] ?? action;
}

/** What the entry was about, in a few words: the target's name, else its id, else nothing. */
export function targetText(entry: AuditEntry): string {
  const target = entry.target;
  if (!target) return '';
  const name = target.label ?? target.id ?? '';
  const version = typeof entry.details?.version === 'number' ? ` (version ${entry.details.version})` : '';
  const role = typeof entry.details?.role === 'string' ? ` as ${entry.details.role}` : '';
  return `${name}${version}${role}`;
}

/** The person filter's choices: the workspace's members and everyone the entries name, the current choice kept. */
export function peopleIn(entries: readonly AuditEntry[], current: string, members: readonly string[] = []): string[] {
  const people = new Set([...members, ...entries.map((e) => e.actor.label).filter((label) => label.includes('@'))]);
  if (current) people.add(current);
  return [...people].sort();
}
