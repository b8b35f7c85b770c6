import { describe, expect, it } from 'vitest';
import { decodeWords, findLink, parseMail } from './mime.js';

// The tests read mail through this parser, so it gets tests of its own.
describe('mime', () => {
  it('decodes base64 parts, folded headers and B-encoded words', () => {
    const text = Buffer.from('Grüße: https://weft.example/reset-password?token=abc_123-XYZ\n').toString('base64');
    const raw = [
      'From: =?UTF-8?B?V8OpZnQ=?= <weft@example.com>',
      'To: ada@example.com',
      'Subject: =?UTF-8?Q?Reset_your?=',
      ' =?UTF-8?Q?_password_=E2=9C=93?=',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      text.slice(0, 20),
      text.slice(20),
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      '<a href=3D"https://weft.example/reset-password?token=3Dabc_123-XYZ&amp;x=3D1">=',
      'go</a>',
      '--b1--',
      '',
    ].join('\r\n');
    const mail = parseMail(raw);
    expect(mail.from).toBe('Wéft <weft@example.com>');
    expect(mail.subject).toBe('Reset your password ✓');
    expect(mail.text).toBe('Grüße: https://weft.example/reset-password?token=abc_123-XYZ\n');
    expect(mail.html).toBe('<a href="https://weft.example/reset-password?token=abc_123-XYZ&amp;x=1">go</a>');
    expect(findLink(mail, '/reset-password')).toBe('https://weft.example/reset-password?token=abc_123-XYZ');
    expect(findLink({ text: '', html: mail.html }, '/reset-password')).toBe('https://weft.example/reset-password?token=abc_123-XYZ&x=1');
    expect(findLink(mail, '/elsewhere')).toBeUndefined();
  });

  it('leaves plain headers alone', () => {
    expect(decodeWords('Plain subject')).toBe('Plain subject');
  });
});
