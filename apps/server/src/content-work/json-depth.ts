import { type ContentLimits, overLimit } from './content-limits.js';

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_LIST = 91;
const OPEN_OBJECT = 123;
const CLOSE_LIST = 93;
const CLOSE_OBJECT = 125;

/**
 * Refuses JSON nested deeper than `maxDepth` before it is parsed: V8 parses 4 million
 * levels (2.2 s in issue 19), but what comes out breaks everything that walks it after
 * (stringify for storage, templates, structured clone). One pass, strings skipped with
 * indexOf; JSON that is not valid is left for JSON.parse to describe.
 */
export function checkJsonDepth(text: string, subject: string, limits: ContentLimits): void {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      index = stringEnd(text, index);
      if (index < 0) return;
    } else if (code === OPEN_LIST || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > limits.maxDepth) throw overLimit(subject, 'maxDepth', limits);
    } else if (code === CLOSE_LIST || code === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
}

/** The index of the quote closing the string opened at `start`, or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  let end = start;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
  }
}
