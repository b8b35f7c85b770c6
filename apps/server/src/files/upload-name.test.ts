import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.js';
import { cleanUploadName } from './upload-name.js';

describe('cleanUploadName', () => {
  it.each([
    ['handbook.pdf', 'handbook.pdf'],
    ['  spaced name.md  ', 'spaced name.md'],
    ['/var/www/../secret.txt', 'secret.txt'],
    ['..\\..\\boot.ini.txt', 'boot.ini.txt'],
    ['tab\there\u0000.csv', 'tabhere.csv'],
    ['invoice\u202Efdp.exe.txt', 'invoicefdp.exe.txt'],
    ['broken\ud800half.txt', 'broken\ufffdhalf.txt'],
    ['日本語のメモ.md', '日本語のメモ.md'],
  ])('%j → %j', (raw, cleaned) => {
    expect(cleanUploadName(raw)).toEqual({ ok: true, name: cleaned });
  });

  it('refuses a missing or empty name, and one over 255 characters', () => {
    for (const raw of [undefined, '', '   ', 'folder/', '..', '\u202E']) expect(cleanUploadName(raw).ok).toBe(false);
    expect(cleanUploadName(`${'a'.repeat(251)}.txt`).ok).toBe(true);
    expect(cleanUploadName(`${'a'.repeat(252)}.txt`)).toEqual({ ok: false, message: 'The file name is 256 characters long; shorten it to 255 or fewer.' });
  });
});

describe('attachmentDisposition', () => {
  it('keeps every character of the name inside its parameter', () => {
    expect(attachmentDisposition('plain.txt')).toBe(`attachment; filename="plain.txt"; filename*=UTF-8''plain.txt`);
    expect(attachmentDisposition('a"; filename=evil.html')).toBe(
      `attachment; filename="a_; filename=evil.html"; filename*=UTF-8''a%22%3B%20filename%3Devil.html`,
    );
    expect(attachmentDisposition("it's (1) 100%*.md")).toBe(`attachment; filename="it's (1) 100_*.md"; filename*=UTF-8''it%27s%20%281%29%20100%25%2A.md`);
    expect(attachmentDisposition('café 📄.txt')).toBe(`attachment; filename="caf_ __.txt"; filename*=UTF-8''caf%C3%A9%20%F0%9F%93%84.txt`);
  });
});
