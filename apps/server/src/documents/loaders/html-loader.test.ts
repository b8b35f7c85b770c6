import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { utf8 } from '../../test-support/sample-documents.js';
import { parseDocument } from '../parse-document.js';

const page = `<!doctype html><html><head><title>Handbook</title><style>p { color: red }</style><script>track()</script></head>
<body><nav><a href="/home">Home</a></nav>
<h1>Weft handbook</h1><p>Runs are <b>stored</b> &amp; kept.</p>
<img src="logo.png" alt="logo"><noscript>Enable JavaScript</noscript>
<ul><li>Schedules</li><li>Webhooks</li></ul>
<table><tr><th>Setting</th><th>Default</th></tr><tr><td>Port</td><td>3000</td></tr></table>
<script>alert("hidden")</script></body></html>`;

describe('HTML loader', () => {
  it('keeps the visible text only: no scripts, styles, images or link targets', async () => {
    const [document] = await parseDocument({ name: 'handbook.html', bytes: utf8(page) });
    expect(document?.metadata).toEqual({ source: 'handbook.html' });
    const text = document?.text ?? '';
    expect(text).toContain('Weft handbook');
    expect(text).toContain('Runs are stored & kept.');
    expect(text).toMatch(/\* Schedules\n \* Webhooks/);
    expect(text).toMatch(/Setting +Default\nPort +3000/);
    for (const hidden of ['track()', 'alert', 'color: red', 'logo', '/home', 'Enable JavaScript', 'Handbook']) expect(text).not.toContain(hidden);
  });

  it('fails on a page without text and on content that is not text', async () => {
    await expect(parseDocument({ name: 'empty.html', bytes: utf8('<html><body><script>x()</script></body></html>') })).rejects.toThrow(
      'empty.html: the page has no text',
    );
    await expect(parseDocument({ name: 'saved.html', bytes: gzipSync(page) })).rejects.toThrow('saved.html: not a text file (it looks like a gzip archive)');
  });
});
