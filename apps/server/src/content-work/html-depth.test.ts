import { describe, expect, it } from 'vitest';
import { nestedHtml } from '../test-support/malicious-documents.js';
import { DEFAULT_CONTENT_LIMITS } from './content-limits.js';
import { checkHtmlDepth } from './html-depth.js';

const limits = { ...DEFAULT_CONTENT_LIMITS, maxDepth: 6 };

describe('HTML depth check', () => {
  it('counts elements as the HTML parser nests them: void elements and implied ends do not deepen', () => {
    // html > body > div > li at most: <br>, <img>, <input> never nest, nor does a <p> or <li> left open before the next.
    const page = `<html><body><div>${'<li>one<br><img src="x.png"><li>two<input>'.repeat(50)}${'<p>a<p>b'.repeat(50)}</div></body></html>`;
    expect(() => checkHtmlDepth(page, 'list.html', limits)).not.toThrow();
  });

  it('refuses deeper HTML, and 700,000 nested <div> at once', () => {
    expect(() => checkHtmlDepth(nestedHtml(5), 'deep.html', limits)).toThrow('deep.html: it is nested deeper than 6 levels (WEFT_CONTENT_MAX_DEPTH)');
    const started = performance.now();
    expect(() => checkHtmlDepth(nestedHtml(700_000), 'page.html', DEFAULT_CONTENT_LIMITS)).toThrow('page.html: it is nested deeper than 512 levels');
    // It stops at the first element too deep; the parser alone would take minutes. Generous for a busy machine.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
