import { describe, expect, it } from 'vitest';
import { utf8 } from '../../test-support/sample-documents.js';
import { parseDocument } from '../parse-document.js';

describe('text and Markdown loader', () => {
  it('gives one document with the whole text, line ends and blank runs tidied', async () => {
    const bytes = utf8('\uFEFFFirst line   \r\nSecond line\r\n\r\n\r\n\r\nNext paragraph\n');
    expect(await parseDocument({ name: 'notes.txt', bytes })).toEqual([
      { text: 'First line\nSecond line\n\nNext paragraph', metadata: { source: 'notes.txt' } },
    ]);
  });

  it('keeps Markdown as Markdown', async () => {
    const markdown = '# Title\n\n- one\n- **two**\n';
    expect(await parseDocument({ name: 'README.md', bytes: utf8(markdown) })).toEqual([
      { text: '# Title\n\n- one\n- **two**', metadata: { source: 'README.md' } },
    ]);
  });

  it('reads UTF-16 files with a byte order mark', async () => {
    const bytes = Uint8Array.from([0xff, 0xfe, ...Buffer.from('Grüße', 'utf16le')]);
    expect((await parseDocument({ name: 'greeting.txt', bytes }))[0]?.text).toBe('Grüße');
  });

  it('fails on empty and blank files, and on binary content, naming the file', async () => {
    await expect(parseDocument({ name: 'notes.txt', bytes: new Uint8Array(0) })).rejects.toThrow('notes.txt: the file is empty');
    await expect(parseDocument({ name: 'notes.md', bytes: utf8(' \n\n\t\n') })).rejects.toThrow('notes.md: the file has only blank lines');
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    await expect(parseDocument({ name: 'notes.txt', bytes: jpeg })).rejects.toThrow('notes.txt: not a text file (it looks like a JPEG image)');
  });
});
