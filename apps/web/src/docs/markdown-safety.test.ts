import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownValue } from '../editor/run/MarkdownValue';
import { Markdown } from './Markdown';

// Node docs (a custom node's are written by its user) and run output (a model's answer)
// go through one markdown stack; neither may turn text into live HTML.
const HOSTILE =
  '# Title\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>\n\n[click](javascript:alert(3)) and **bold**\n\n| a | b |\n|---|---|\n| 1 | 2 |';

describe.each([
  ['node docs (Markdown)', (source: string) => renderToStaticMarkup(createElement(Markdown, { source }))],
  ['run output (MarkdownValue)', (source: string) => renderToStaticMarkup(createElement(MarkdownValue, { source }))],
])('%s', (_name, render) => {
  it('renders markdown, tables included', () => {
    const html = render(HOSTILE);
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<table>');
  });

  it('drops raw HTML and javascript: links', () => {
    const html = render(HOSTILE);
    expect(html).not.toMatch(/<img|<script|onerror|javascript:/i);
  });
});
