import { Parser } from 'htmlparser2';
import { type ContentLimits, overLimit } from './content-limits.js';

/**
 * Refuses HTML (or, with `xml`, XML) whose elements nest deeper than `maxDepth`, measured with htmlparser2 (the
 * parser html-to-text and sanitize-html build their trees with, so void elements and
 * implied end tags count as they will). It stops at the first element too deep: the
 * parser's own stack costs it time in proportion to the depth for every tag (700,000
 * nested <div> stalled a server for minutes), so it must never get that deep.
 */
export function checkHtmlDepth(html: string, subject: string, limits: ContentLimits, { xml = false }: { readonly xml?: boolean } = {}): void {
  let depth = 0;
  const parser = new Parser(
    {
      onopentag() {
        depth += 1;
        if (depth > limits.maxDepth) throw overLimit(subject, 'maxDepth', limits);
      },
      onclosetag() {
        depth -= 1;
      },
    },
    // Entities do not change the structure: leaving them saves the decoding. XML (a feed)
    // nests as written, with no implied end tags, and its CDATA sections are text.
    { decodeEntities: false, xmlMode: xml },
  );
  parser.write(html);
  parser.end();
}
