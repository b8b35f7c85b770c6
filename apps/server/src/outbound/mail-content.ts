import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import type { ContentLimits } from '../content-work/content-limits.js';
import { checkHtmlDepth } from '../content-work/html-depth.js';

/**
 * A CSS value a mail may keep: no url() (tracking pixels, remote loads), no expression()
 * or javascript: (old engines ran them), nothing that could close the attribute.
 */
const SAFE_CSS_VALUE = /^(?![\s\S]*(?:url|expression|image-set|-moz-binding)\s*\()(?![\s\S]*javascript:)[^<>"]*$/i;

/** Inline styles mail templates rely on (mail clients drop <style> blocks anyway, many of them). */
const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-decoration',
  'text-transform',
  'vertical-align',
  'white-space',
  'width',
  'max-width',
  'min-width',
  'height',
  'display',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-radius',
  'border-collapse',
  'border-spacing',
  'list-style-type',
];

const TABLE_ATTRIBUTES = ['width', 'height', 'align', 'valign', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'colspan', 'rowspan', 'role'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'center', 'font'],
  allowedAttributes: {
    '*': ['style', 'align', 'dir', 'lang', 'title'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color', 'face', 'size'],
    table: TABLE_ATTRIBUTES,
    td: TABLE_ATTRIBUTES,
    th: TABLE_ATTRIBUTES,
    tr: TABLE_ATTRIBUTES,
    col: ['width', 'span'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images load from the web only: no data: blobs, no file: or cid: references to things not attached.
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, [SAFE_CSS_VALUE]])) },
  // Script, style and the like go with their content; other unknown tags leave their text.
  disallowedTagsMode: 'discard',
  // An image whose source was not allowed would show as a broken frame.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * HTML for a mail body with everything active taken out: scripts, styles blocks, forms,
 * frames, event handlers, javascript: and data: links, CSS that loads or runs anything.
 * Formatting, tables, links, web images and inline styles stay.
 */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The plain-text alternative of an HTML body: what a client without HTML shows, links as `text [url]`. */
export function plainTextOf(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  }).trim();
}

/**
 * A mail body cleaned for sending, as a content worker does it: nesting past the depth
 * limit refused first (the parser both libraries use slows with depth: one 967 KB body
 * held a server 16 s), then sanitised, then its plain-text part unless one was written.
 */
export function cleanMailBody(html: string, text: string | undefined, subject: string, limits: ContentLimits): { html: string; text: string } {
  checkHtmlDepth(html, subject, limits);
  const clean = sanitizeMailHtml(html);
  return { html: clean, text: text ?? plainTextOf(clean) };
}
