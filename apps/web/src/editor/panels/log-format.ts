/** One line of the logs area. */
export interface LogLine {
  time: Date;
  text: string;
  level?: 'info' | 'error' | 'warn';
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `[14:03:07]`: local wall-clock time, 24-hour, as SPEC.md section 3 prefixes each log
 * line. Written by hand rather than with `toLocaleTimeString`, whose output (AM/PM,
 * narrow spaces) varies by locale and would make the column ragged.
 */
export function formatLogTime(time: Date): string {
  return `[${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}]`;
}

/** The whole log as plain text, one prefixed line each, for copying. */
export function logText(lines: readonly LogLine[]): string {
  return lines.map((line) => `${formatLogTime(line.time)} ${line.text}`).join('\n');
}

/** Within this many pixels of the bottom counts as "at the bottom" (sub-pixel scroll offsets). */
export const STICK_THRESHOLD_PX = 24;

/** Whether a scroll container is scrolled to (or near) its end, so new lines should follow. */
export function isAtBottom(el: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_THRESHOLD_PX;
}
