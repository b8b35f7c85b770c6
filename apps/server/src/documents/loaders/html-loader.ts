import type { DocumentValue } from '@weft/core';
import type { DocumentFile } from '@weft/nodes';
import { compile, type HtmlToTextOptions } from 'html-to-text';
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
  const html = await decodeText(file);
  checkHtmlDepth(html, file.name, limits);
  const text = tidyText(toText(html));
  if (text === '') throw new DocumentProblem(file.name, 'the page has no text');
  return [{ text, metadata: { source: file.name } }];
}
