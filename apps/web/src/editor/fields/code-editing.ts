/**
 * The few code-editor keys a textarea lacks (Tab, Shift+Tab, Enter keeping the indent),
 * as pure edits: replace `from…to` with `insert`, then select
 * `selectionStart…selectionEnd`. The component applies them so the browser's own undo
 * keeps working.
 */
export interface CodeEdit {
  readonly from: number;
  readonly to: number;
  readonly insert: string;
  readonly selectionStart: number;
  readonly selectionEnd: number;
}

export const INDENT = '  ';

/** The text after the edit. */
export function applyCodeEdit(text: string, edit: CodeEdit): string {
  return text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
}

/** Start of the line holding `index`, and end of the line holding `end` (before its newline). */
function lineBlock(text: string, start: number, end: number): { from: number; to: number } {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  // A selection ending at a line's very start does not take that line in.
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const newline = text.indexOf('\n', last);
  return { from, to: newline === -1 ? text.length : newline };
}

/**
 * Tab: with a caret, two spaces at the caret; with a selection, every line it touches
 * moves right by two spaces and the selection follows its text.
 */
export function indentEdit(text: string, start: number, end: number): CodeEdit {
  if (start === end) return { from: start, to: end, insert: INDENT, selectionStart: start + INDENT.length, selectionEnd: start + INDENT.length };
  const { from, to } = lineBlock(text, start, end);
  const lines = text.slice(from, to).split('\n');
  const insert = lines.map((line) => INDENT + line).join('\n');
  return { from, to, insert, selectionStart: start + INDENT.length, selectionEnd: end + INDENT.length * lines.length };
}

/** Shift+Tab: every line touched (the caret's line alone too) loses up to two leading spaces, or a tab. */
export function outdentEdit(text: string, start: number, end: number): CodeEdit {
  const { from, to } = lineBlock(text, start, end);
  const lines = text.slice(from, to).split('\n');
  const removed = lines.map((line) => (line.startsWith('\t') ? 1 : line.length - line.replace(/^ {1,2}/, '').length));
  const insert = lines.map((line, i) => line.slice(removed[i])).join('\n');
  // The selection keeps its text: it moves left by what went from the lines before it.
  const shift = (position: number) => {
    let offset = from;
    let moved = 0;
    for (const [i, line] of lines.entries()) {
      const cut = removed[i] ?? 0;
      if (position <= offset + line.length) return position - moved - Math.min(cut, Math.max(0, position - offset));
      moved += cut;
      offset += line.length + 1;
    }
    return position - moved;
  };
  return { from, to, insert, selectionStart: shift(start), selectionEnd: shift(end) };
}

/** Enter: a new line indented like the current one, one step more after an opening bracket. */
export function newlineEdit(text: string, start: number, end: number): CodeEdit {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, start))?.[0] ?? '';
  const before = text.slice(lineStart, start).trimEnd();
  const extra = /[{[(]$/.test(before) ? INDENT : '';
  const insert = `\n${indent}${extra}`;
  return { from: start, to: end, insert, selectionStart: start + insert.length, selectionEnd: start + insert.length };
}

/** How many lines the text has (the gutter's numbers). */
export function lineCount(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
}
