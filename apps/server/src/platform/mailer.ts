import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';

/** One e-mail. Every mail carries both parts: some clients show only one of them. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends Weft's own mail (password resets). Implementations never log a body: bodies
 * carry single-use tokens.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Delivers through the operator's SMTP server. */
export class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly config: NonNullable<Config['smtp']>,
    private readonly from: string,
    private readonly log: Logger,
  ) {}

  /** nodemailer is imported with the first mail, not at start (bench/cold-start.bench.mjs). */
  private transporter(): Promise<Transporter> {
    const config = this.config;
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: config.host,
        port: config.port,
        secure: config.secure,
        ...(config.user ? { auth: { user: config.user, pass: config.password ?? '' } } : {}),
        // nodemailer waits minutes by default; a reset request should fail while the user still waits.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
    return this.transport;
  }

  async send(message: MailMessage): Promise<void> {
    await (await this.transporter()).sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    this.log.info({ to: message.to, subject: message.subject }, 'Sent e-mail');
  }

  close(): void {
    void this.transport?.then((transport) => transport.close());
  }
}

/**
 * Without SMTP, each mail becomes an .eml file under `<dataDir>/outbox/` that any mail
 * client opens, so a laptop install can still reset passwords. The log says where the
 * file is, never what it says.
 */
export class OutboxMailer implements Mailer {
  // nodemailer's stream transport builds the exact MIME message SMTP would have sent; imported with the first mail.
  private transport: Promise<Transporter> | undefined;

  constructor(
    readonly outboxDir: string,
    private readonly from: string,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    const info = await (await this.transport).sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    await fs.mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    // 0600: the file holds a live reset link.
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.log.info(
      { to: message.to, subject: message.subject, file },
      `SMTP is not configured: wrote the e-mail "${message.subject}" for ${message.to} to ${file}`,
    );
  }

  close(): void {
    void this.transport?.then((transport) => transport.close());
  }
}

export function createMailer(config: Config, clock: Clock, logger: Logger): Mailer {
  return config.smtp
    ? new SmtpMailer(config.smtp, config.mailFrom, logger)
    : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, clock, logger);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
