import type { DocumentValue } from '@weft/core';
import type { DocumentFile } from '@weft/nodes';
import { compile, type HtmlToTextOptions } from 'html-to-text';
import type { ContentLimits } from '../../content-work/content-limits.js';
import { checkHtmlDepth } from '../../content-work/html-depth.js';
import { decodeText, tidyText } from '../decode-text.js';
import { DocumentProblem } from '../document-problem.js';
import type { LoadOptions } from '../parse-document.js';

/** Elements whose content is not part of what a reader sees. */
const SKIPPED = ['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'img', 'picture', 'video', 'audio', 'canvas', 'object'];

/** Compiled once: html-to-text builds its selector matcher from the options, the costly part for short pages. */
const toText = compile({
  // Lines as the page has them: the splitter decides where text is cut.
  wordwrap: false,
  selectors: [
    ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
    // Link targets and upper-cased headings are noise for search and prompts.
    { selector: 'a', options: { ignoreHref: true } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
} satisfies HtmlToTextOptions);

/**
 * An HTML file or web page as one document of its visible text (html-to-text: blocks,
 * lists and tables laid out as text). Nesting past the depth limit is refused first:
 * html-to-text walks the tree recursively, and its parser slows with depth.
 */
export async function loadHtml(file: DocumentFile, { limits }: LoadOptions): Promise<DocumentValue[]> {
  const text = htmlText(await decodeText(file), file.name, limits);
  if (text === '') throw new DocumentProblem(file.name, 'the page has no text');
  return [{ text, metadata: { source: file.name } }];
}

/** HTML's visible text, tidied (a page, or a feed entry's summary); nesting past the limit is refused first. */
export function htmlText(html: string, subject: string, limits: ContentLimits): string {
  checkHtmlDepth(html, subject, limits);
  return tidyText(toText(html));
}
