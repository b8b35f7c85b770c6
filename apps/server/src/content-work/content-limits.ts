/**
 * What one piece of user content may cost before it is refused: each limit is an operator
 * setting (config.ts, README's settings table), checked by the content worker before the
 * costly step where it can be (a ZIP's directory before inflating, a workbook's cell count
 * before exceljs builds its cells) and while working otherwise.
 */
export interface ContentLimits {
  /** What an .xlsx or .docx may inflate to, in bytes (WEFT_CONTENT_MAX_UNPACKED_MB). */
  readonly maxUnpackedBytes: number;
  /** Pages of a PDF (WEFT_CONTENT_MAX_PAGES). */
  readonly maxPages: number;
  /** Rows of a CSV file or spreadsheet, items of a JSON list (WEFT_CONTENT_MAX_ROWS). */
  readonly maxRows: number;
  /** Cells of a workbook, each cell a merged range covers counted (WEFT_CONTENT_MAX_CELLS). */
  readonly maxCells: number;
  /** Characters of text one parse or split produces (WEFT_CONTENT_MAX_CHARS). */
  readonly maxChars: number;
  /** Nesting of JSON values and HTML elements (WEFT_CONTENT_MAX_DEPTH). */
  readonly maxDepth: number;
}

export type ContentLimit = keyof ContentLimits;

/**
 * Defaults a normal file never meets, sized to the default worker memory (512 MB):
 * exceljs holds about 2 KB per cell (200,000 cells peak near 450 MB); 512 levels is the
 * nesting Chromium's HTML parser builds at most; 20,000 PDF pages is well past the 12,000
 * pages of the 20 MB bench file.
 */
export const DEFAULT_CONTENT_LIMITS: ContentLimits = {
  maxUnpackedBytes: 256 * 1024 * 1024,
  maxPages: 20_000,
  maxRows: 200_000,
  maxCells: 200_000,
  maxChars: 50_000_000,
  maxDepth: 512,
};

export const LIMIT_SETTINGS: Readonly<Record<ContentLimit | 'memory' | 'time', string>> = {
  maxUnpackedBytes: 'WEFT_CONTENT_MAX_UNPACKED_MB',
  maxPages: 'WEFT_CONTENT_MAX_PAGES',
  maxRows: 'WEFT_CONTENT_MAX_ROWS',
  maxCells: 'WEFT_CONTENT_MAX_CELLS',
  maxChars: 'WEFT_CONTENT_MAX_CHARS',
  maxDepth: 'WEFT_CONTENT_MAX_DEPTH',
  memory: 'WEFT_CONTENT_MEMORY_MB',
  time: 'WEFT_CONTENT_TIMEOUT_S',
};

/**
 * Content refused for a limit, or a worker stopped at one. The message starts with what
 * was being read (a file's name, a URL) and ends with the setting that raises the limit:
 * `big.xlsx: the workbook has 5,000,000 cells; the limit is 200,000 cells (WEFT_CONTENT_MAX_CELLS)`.
 */
export class ContentLimitError extends Error {
  override readonly name = 'ContentLimitError';

  constructor(
    readonly subject: string,
    readonly limit: ContentLimit | 'memory' | 'time',
    readonly problem: string,
  ) {
    super(`${subject}: ${problem}`);
  }
}

/** How each limit's value reads in a message. */
const UNITS: Readonly<Record<ContentLimit, (value: number) => string>> = {
  maxUnpackedBytes: (bytes) => `${count(bytes / (1024 * 1024))} MB`,
  maxPages: (pages) => `${count(pages)} pages`,
  maxRows: (rows) => `${count(rows)} rows`,
  maxCells: (cells) => `${count(cells)} cells`,
  maxChars: (chars) => `${count(chars)} characters`,
  maxDepth: (levels) => `${count(levels)} levels`,
};

/** What content over a limit is said to be when the caller has no exact figure. */
const OVER: Readonly<Record<ContentLimit, string>> = {
  maxUnpackedBytes: 'it unpacks to more than',
  maxPages: 'the PDF has more than',
  maxRows: 'it has more than',
  maxCells: 'it has more than',
  maxChars: 'the text is longer than',
  maxDepth: 'it is nested deeper than',
};

/**
 * The error for content over `limit`: `found` says what the content has ("the PDF has
 * 25,000 pages"), then comes the limit with its value and setting; without `found`, "the
 * text is longer than 50,000,000 characters (WEFT_CONTENT_MAX_CHARS)".
 */
export function overLimit(subject: string, limit: ContentLimit, limits: ContentLimits, found?: string, over = OVER[limit]): ContentLimitError {
  const value = UNITS[limit](limits[limit]);
  const problem = found === undefined ? `${over} ${value} (${LIMIT_SETTINGS[limit]})` : `${found}; the limit is ${value} (${LIMIT_SETTINGS[limit]})`;
  return new ContentLimitError(subject, limit, problem);
}

/** `1,234,567`: counts as people read them. */
export function count(value: number): string {
  return Math.round(value).toLocaleString('en');
}

/**
 * Counts characters of produced text against `maxChars` as they are produced, so a parse
 * stops at the limit rather than after building all of it.
 */
export class TextBudget {
  private used = 0;

  constructor(
    private readonly subject: string,
    private readonly limits: ContentLimits,
    /** How the message says it: "the text is longer than" unless told otherwise. */
    private readonly over?: string,
  ) {}

  add(characters: number): void {
    this.used += characters;
    if (this.used > this.limits.maxChars) throw overLimit(this.subject, 'maxChars', this.limits, undefined, this.over);
  }
}
