import { describe, expect, it } from 'vitest';
import { emailSendNode } from '../email-send.node.js';
import type { MailSendRequest, MailSendResult, MailService } from '../services/mail-service.js';
import { nodeHarness } from './node-test-kit.js';
import { splitAddresses } from './send-email.js';

function fakeMail(result: Partial<MailSendResult> = {}) {
  const sent: { request: MailSendRequest; signal: AbortSignal }[] = [];
  const mail: MailService = {
    async send(request, { signal }) {
      sent.push({ request, signal });
      return { messageId: '<m1@weft>', accepted: [...request.to], rejected: [], response: '250 OK queued', ...result };
    },
  };
  return { mail, sent };
}

/** The server and sender settings, which reach the mail service as they are written. */
const smtp = {
  host: 'smtp.example.com',
  port: 587,
  security: 'starttls',
  user: 'ada@example.com',
  password: 'app-password-123',
  from: 'Weft <alerts@example.com>',
} as const;

const base = {
  ...smtp,
  to: 'ada@example.com',
  subject: 'Digest',
  body: 'Hello,\n\n{{input}}',
};

describe('Send E-mail run', () => {
  it('hands the service a complete request and emits what the server said', async () => {
    const { mail, sent } = fakeMail();
    const controller = new AbortController();
    const node = nodeHarness(emailSendNode, { mail, params: { team: 'Ops' } });
    const result = await node.run({ inputs: { input: 'all green' }, config: { ...base, subject: 'Digest for {{params.team}}' }, signal: controller.signal });
    expect(sent[0]?.request).toEqual({
      ...smtp,
      to: ['ada@example.com'],
      subject: 'Digest for Ops',
      text: 'Hello,\n\nall green',
      timeoutMs: 30_000,
    });
    expect(sent[0]?.signal).toBe(controller.signal);
    expect(result.outputs.output).toEqual({ messageId: '<m1@weft>', accepted: ['ada@example.com'], rejected: [], response: '250 OK queued' });
    expect(node.logs).toEqual([{ level: 'info', message: 'smtp.example.com:587 (STARTTLS) accepted 1 of 1 recipient: 250 OK queued' }]);
    expect(JSON.stringify(node.logs)).not.toContain('app-password-123');
  });

  it('sends HTML as html, lists of recipients as lists, and the subject on one line', async () => {
    const { mail, sent } = fakeMail();
    await nodeHarness(emailSendNode, { mail }).run({
      inputs: { input: '<b>hi</b>' },
      config: {
        ...base,
        user: '',
        password: '',
        security: 'none',
        port: 25,
        to: 'a@x.test, "Doe, Jane" <jane@x.test>;\nb@x.test',
        cc: 'c@x.test',
        bcc: 'd@x.test',
        replyTo: 'Help <help@x.test>',
        subject: 'Line one\r\nBcc: evil@x.test',
        format: 'html',
        body: '<p>{{input}}</p>',
      },
    });
    expect(sent[0]?.request).toMatchObject({
      security: 'none',
      port: 25,
      to: ['a@x.test', '"Doe, Jane" <jane@x.test>', 'b@x.test'],
      cc: ['c@x.test'],
      bcc: ['d@x.test'],
      replyTo: 'Help <help@x.test>',
      subject: 'Line one Bcc: evil@x.test',
      html: '<p><b>hi</b></p>',
    });
    expect(sent[0]?.request).not.toHaveProperty('text');
    expect(sent[0]?.request).not.toHaveProperty('user');
  });

  it('takes the recipients from a list on the input', async () => {
    const { mail, sent } = fakeMail();
    await nodeHarness(emailSendNode, { mail }).run({ inputs: { input: ['a@x.test', 'b@x.test'] }, config: { ...base, to: '{{input}}', body: 'Hi' } });
    expect(sent[0]?.request.to).toEqual(['a@x.test', 'b@x.test']);
  });

  it('succeeds when some recipients are refused, with a warning naming them', async () => {
    const { mail } = fakeMail({ accepted: ['a@x.test'], rejected: ['nobody@x.test'] });
    const node = nodeHarness(emailSendNode, { mail });
    const result = await node.run({ inputs: { input: 'x' }, config: { ...base, to: 'a@x.test, nobody@x.test' } });
    expect(result.outputs.output).toMatchObject({ accepted: ['a@x.test'], rejected: ['nobody@x.test'] });
    expect(node.logs.at(-1)).toEqual({ level: 'warn', message: 'The server refused nobody@x.test; the others got the mail' });
  });

  it('warns before sending a password without encryption', async () => {
    const { mail } = fakeMail();
    const node = nodeHarness(emailSendNode, { mail });
    await node.run({ inputs: { input: 'x' }, config: { ...base, security: 'none', port: 25 } });
    expect(node.logs[0]).toEqual({
      level: 'warn',
      message: 'Signing in to smtp.example.com:25 (no encryption) without encryption: the password crosses the network readable',
    });
  });

  it.each([
    [{ host: '' }, 'SMTP host is required'],
    [{ host: 'smtp://smtp.example.com:587' }, 'SMTP host "smtp://smtp.example.com:587" is not a host name: write it without smtp:// or a port'],
    [{ port: 70000 }, 'Port must be at most 65535'],
    [{ security: 'ssl' }, 'Encryption must be one of starttls, tls, none'],
    [{ password: '' }, 'A User is set but no Password is chosen'],
    [{ user: '' }, 'A Password is chosen but no User'],
    [{ password: '{{secrets.SMTP_PASSWORD}}' }, 'Password refers to {{secrets.SMTP_PASSWORD}}, but you have no secret named "SMTP_PASSWORD"'],
    [{ from: '' }, 'From is required'],
    [{ from: 'a@x.test, b@x.test' }, 'From takes one address; it holds 2'],
    [{ to: '' }, 'To is required'],
    [{ to: 'ada at example.com' }, 'To: "ada at example.com" is not an e-mail address'],
    [{ cc: 'Ada <ada@>' }, 'Cc: "Ada <ada@>" is not an e-mail address'],
    [{ to: Array.from({ length: 101 }, (_, i) => `u${i}@x.test`).join(',') }, 'This mail has 101 recipients; one message may have at most 100'],
    [{ subject: '  ' }, 'Subject is required'],
    [{ format: 'markdown' }, 'Body format must be one of text, html'],
    [{ body: '{{input.missing}}' }, 'Nothing to fill {{input.missing}} in the body: the input has no "missing"'],
  ])('refuses %j before sending', async (change, message) => {
    const { mail, sent } = fakeMail();
    await expect(nodeHarness(emailSendNode, { mail }).run({ inputs: { input: { text: 'x' } }, config: { ...base, ...change } })).rejects.toThrow(message);
    expect(sent).toEqual([]);
  });
});

describe('splitAddresses', () => {
  it('splits at commas, semicolons and line breaks outside quotes and angle brackets', () => {
    expect(splitAddresses('a@x, "Doe, J" <j@x>; <odd,one@x>\n\n b@x ,')).toEqual(['a@x', '"Doe, J" <j@x>', '<odd,one@x>', 'b@x']);
  });
});
