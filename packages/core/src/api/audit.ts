/** The audit trail (docs/API.md "Audit log"): one thing done in a workspace, as the API shows it. */
export interface AuditEntry {
  id: string;
  at: string;
  actor: { userId: string | null; label: string };
  action: string;
  target: { type: string | null; id: string | null; label: string | null } | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}
