import { describe, expect, it } from 'vitest';
import { applyCodeEdit, type CodeEdit, indentEdit, lineCount, newlineEdit, outdentEdit } from './code-editing';

/** `|` marks a caret, `[` … `]` a selection. */
function parse(marked: string): { text: string; start: number; end: number } {
  const caret = marked.indexOf('|');
  if (caret !== -1) return { text: marked.replace('|', ''), start: caret, end: caret };
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { text: marked.replace('[', '').replace(']', ''), start, end };
}

function mark(text: string, start: number, end: number): string {
  if (start === end) return `${text.slice(0, start)}|${text.slice(start)}`;
  return `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;
}

function run(edit: (text: string, start: number, end: number) => CodeEdit, marked: string): string {
  const { text, start, end } = parse(marked);
  const result = edit(text, start, end);
  return mark(applyCodeEdit(text, result), result.selectionStart, result.selectionEnd);
}

describe('Tab', () => {
  it.each([
    ['ab|c', 'ab  |c'],
    ['|', '  |'],
    ['if (x) {\n[return 1;\nreturn 2;]\n}', 'if (x) {\n  [return 1;\n  return 2;]\n}'],
    ['a[b\nc]d', '  a[b\n  c]d'],
    // A selection that ends at the start of a line leaves that line alone.
    ['[one\n]two', '  [one\n]two'],
  ])('%j → %j', (before, after) => {
    expect(run(indentEdit, before)).toBe(after);
  });
});

describe('Shift+Tab', () => {
  it.each([
    ['    ret|urn', '  ret|urn'],
    ['  |x', '|x'],
    [' x|', 'x|'],
    ['\tx|', 'x|'],
    ['x|', 'x|'],
    ['  [a\n    b\nc]', '[a\n  b\nc]'],
    ['  a\n  [b]', '  a\n[b]'],
    // A caret inside the removed spaces lands at the line's new start.
    [' | x', '|x'],
  ])('%j → %j', (before, after) => {
    expect(run(outdentEdit, before)).toBe(after);
  });
});

describe('Enter', () => {
  it.each([
    ['  a = 1;|', '  a = 1;\n  |'],
    ['function f() {|', 'function f() {\n  |'],
    ['  const xs = [|', '  const xs = [\n    |'],
    ['x[yz]', 'x\n|'],
  ])('%j → %j', (before, after) => {
    expect(run(newlineEdit, before)).toBe(after);
  });
});

it('counts lines for the gutter', () => {
  expect(lineCount('')).toBe(1);
  expect(lineCount('a\nb\n')).toBe(3);
});
