/**
 * One owner for each table, for `architecture-rules.mjs`: the SQL of a table lives in the
 * server room that owns it, and other rooms ask that room through its methods or ports
 * (docs/ARCHITECTURE.md "Rooms"). A query is a Kysely call naming the table
 * (`selectFrom`, `insertInto`, `updateTable`, `deleteFrom`, a join, `sql.table`) or raw
 * SQL (`sql\`...\``, `sql.raw`) whose text reads from, writes or joins it. Migrations, the
 * schema's types and tests (with their test-support) are not rooms and may name any table.
 */
import ts from 'typescript';

const SERVER = 'apps/server/src/';

/** Table → the folder (under apps/server/src) that alone holds its SQL, and whom to ask instead. */
export const TABLE_OWNERS = new Map([
  ['workflows', { room: 'workflows/', ask: 'WorkflowsRepository, the WorkflowLookup port or workflow-statements.ts' }],
  ['workflow_versions', { room: 'workflows/', ask: 'WorkflowVersionsService' }],
  ['executions', { room: 'runs/', ask: 'a method of runs/ (ExecutionsRepository, ExecutionHistory)' }],
  ['workflow_alerts', { room: 'alerts/', ask: 'AlertsService or FailureAlerts' }],
  ['agent_memory', { room: 'runs/', ask: 'AgentMemoryStore (runs/agent-memory.ts)' }],
  ['tool_approvals', { room: 'runs/', ask: 'ToolApprovals (runs/tool-approvals.ts)' }],
  ['workspaces', { room: 'workspaces/', ask: 'WorkspacesService (access() for a member and role)' }],
  ['workspace_members', { room: 'workspaces/', ask: 'WorkspacesService (access() for a member and role)' }],
  ['workspace_invitations', { room: 'workspaces/', ask: 'InvitationsService' }],
  ['saml_requests', { room: 'accounts/', ask: 'SamlService (accounts/saml.service.ts)' }],
  ['workflow_presence', { room: 'presence/', ask: 'PresenceService (presence/presence.service.ts)' }],
  ['audit_entries', { room: 'audit/', ask: 'AuditLog (audit/audit-log.ts): record, recordLater, list' }],
  ['audit_settings', { room: 'audit/', ask: 'AuditLog (audit/audit-log.ts): retentionDays, setRetentionDays' }],
]);

const TABLE_CALLS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'innerJoinLateral',
  'leftJoinLateral',
]);

const OWNED = [...TABLE_OWNERS.keys()].join('|');
/** A table named after the SQL words that read, write or join it (quoted or not). */
const RAW_TABLE = new RegExp(`\\b(?:from|into|update|join|table)\\s+["\`]?(${OWNED})\\b`, 'gi');

/** Whether the rule applies: server source, not migrations, the schema's types or tests. */
function inScope(file) {
  if (!file.startsWith(SERVER)) return false;
  const inner = file.slice(SERVER.length);
  if (inner.startsWith('db/migrations/') || inner === 'db/schema.ts' || inner.startsWith('test-support/')) return false;
  return !/\.test\.tsx?$/.test(file);
}

/** `'executions as e'` → `executions`. */
function tableName(text) {
  return text.trim().split(/\s+/)[0];
}

function literalTexts(node) {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap(literalTexts);
  return [];
}

function templateText(template) {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  return [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ');
}

function isSqlTag(node) {
  return ts.isIdentifier(node) && node.text === 'sql';
}

/** Every table a node of the source queries, with where. */
function queriedTables(sourceFile) {
  const found = [];
  const add = (node, table) => found.push({ node, table });
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const onSql = isSqlTag(node.expression.expression);
      if (TABLE_CALLS.has(method) || (onSql && method === 'table')) {
        for (const text of literalTexts(node.arguments[0])) add(node, tableName(text));
      } else if (onSql && method === 'raw') {
        for (const text of literalTexts(node.arguments[0])) for (const match of text.matchAll(RAW_TABLE)) add(node, match[1]);
      }
    } else if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      for (const match of templateText(node.template).matchAll(RAW_TABLE)) add(node, match[1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** `{ line, message }` for each query on a table outside its room. */
export function tableOwnerFindings(file, sourceFile) {
  if (!inScope(file)) return [];
  const inner = file.slice(SERVER.length);
  const findings = [];
  for (const { node, table } of queriedTables(sourceFile)) {
    const owner = TABLE_OWNERS.get(table.toLowerCase());
    if (!owner || inner.startsWith(owner.room)) continue;
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    findings.push({ line, message: `queries \`${table}\` outside ${SERVER}${owner.room}, which alone holds its SQL: ask ${owner.ask}` });
  }
  return findings;
}
