import type { AuditEntry } from './audit-log.js';

export type AuditExportFormat = 'csv' | 'json';

const CSV_COLUMNS = ['time', 'actor', 'actor_user_id', 'action', 'target_type', 'target_id', 'target_label', 'details', 'ip'] as const;

/**
 * One CSV cell. A cell a spreadsheet would take as a formula (starting with `=`, `+`,
 * `-`, `@`, or a tab or carriage return before one) gets a leading `'`, so a workflow named
 * `=HYPERLINK(…)` stays text when an admin opens the export (OWASP "CSV injection"). Then
 * RFC 4180: quoted when it holds a comma, quote or line break, quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[\t\r]*[=+\-@]/.test(text) || /^[\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvRow(entry: AuditEntry): string {
  const cells = [
    entry.at,
    entry.actor.label,
    entry.actor.userId,
    entry.action,
    entry.target?.type,
    entry.target?.id,
    entry.target?.label,
    entry.details ? JSON.stringify(entry.details) : '',
    entry.ip,
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The export as text pieces, made while the entries are read, so a year of entries is
 * never held whole: CSV with a header row, or one JSON array with one entry per line.
 */
export async function* exportPieces(entries: AsyncIterable<AuditEntry>, format: AuditExportFormat): AsyncGenerator<string> {
  if (format === 'csv') {
    yield `${CSV_COLUMNS.join(',')}\r\n`;
    for await (const entry of entries) yield csvRow(entry);
    return;
  }
  let first = true;
  yield '[';
  for await (const entry of entries) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(entry)}`;
    first = false;
  }
  yield '\n]\n';
}
