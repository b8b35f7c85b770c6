import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { captureLogs } from '../test-support/log-capture.js';
import { ManualClock } from '../test-support/manual-clock.js';
import { parseMail } from '../test-support/mime.js';
import { type SmtpPeer, startSmtpPeer } from '../test-support/smtp-peer.js';
import { createMailer, OutboxMailer, SmtpMailer } from './mailer.js';

// Long lines and non-ASCII text make nodemailer use quoted-printable soft breaks.
const message = {
  to: 'grace@example.com',
  subject: 'Grüße from Weft',
  text: `Hello Grace, here is a long line that goes past seventy-six characters: https://weft.example/reset-password?token=${'a'.repeat(43)}`,
  html: '<p>Hello <b>Grace</b> — Grüße</p>',
};

describe('mailer', () => {
  let smtp: SmtpPeer;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-mailer-'));
  });
  afterAll(async () => {
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers over SMTP with a text and an HTML part from the configured sender', async () => {
    const config = loadConfig({
      ...smtp.env,
      SMTP_USER: 'weft',
      SMTP_PASSWORD: 'relay-password',
      SMTP_FROM: 'Weft <no-reply@weft.example>',
      DATA_DIR: dataDir,
    });
    const mailer = createMailer(config, new ManualClock(), pino({ level: 'silent' }));
    expect(mailer).toBeInstanceOf(SmtpMailer);
    await mailer.send(message);
    mailer.close();
    const mail = await smtp.waitForMail('grace@example.com');
    expect(mail.envelopeFrom).toBe('no-reply@weft.example');
    expect(mail.from).toBe('Weft <no-reply@weft.example>');
    expect(mail.subject).toBe(message.subject);
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.text.trim()).toBe(message.text);
    expect(mail.html.trim()).toBe(message.html);
  });

  it('writes an .eml to the outbox without SMTP and logs where, not what', async () => {
    const { logger, lines } = captureLogs('info');
    const config = loadConfig({ DATA_DIR: dataDir, SMTP_FROM: 'Weft <no-reply@weft.example>' }, dataDir);
    const mailer = createMailer(config, new ManualClock('2030-01-02T03:04:05.678Z'), logger);
    expect(mailer).toBeInstanceOf(OutboxMailer);
    await mailer.send(message);
    mailer.close();

    const outbox = path.join(dataDir, 'outbox');
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^2030-01-02T03-04-05-678Z-[0-9a-f]{8}\.eml$/);
    const file = path.join(outbox, files[0] as string);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const mail = parseMail(fs.readFileSync(file, 'utf8'));
    expect(mail.from).toBe('Weft <no-reply@weft.example>');
    expect(mail.to).toBe('grace@example.com');
    expect(mail.text.trim()).toBe(message.text);
    expect(mail.html.trim()).toBe(message.html);

    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('grace@example.com');
    expect(lines[0]).toContain(message.subject);
    expect(lines[0]).toContain(file);
    expect(lines[0]).not.toContain('token=');
    expect(lines[0]).not.toContain('Hello');
  });
});
