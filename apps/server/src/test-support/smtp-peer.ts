import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { findLink, type ParsedMail, parseMail } from './mime.js';
import { TEST_TLS } from './test-tls.js';

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives in memory, so tests read
 * the mail Weft really sent. No vitest imports: the browser suite uses it as well.
 *
 *   const smtp = await startSmtpPeer();
 *   // start Weft with { ...smtp.env }
 *   const mail = await smtp.waitForMail('ada@example.com');
 *   const link = resetLinkFrom(mail);
 */
export interface ReceivedMail extends ParsedMail {
  /** Envelope sender and recipients (MAIL FROM / RCPT TO). */
  envelopeFrom: string;
  envelopeTo: string[];
  /** The message exactly as received, CRLF line ends and all. */
  raw: string;
  receivedAt: Date;
  /** The user name the client signed in with; undefined without AUTH. */
  authUser: string | undefined;
  /** Whether the session was encrypted (TLS from the start or after STARTTLS). */
  secure: boolean;
}

export interface SmtpPeer {
  host: string;
  port: number;
  /** Environment for Weft: SMTP_HOST and SMTP_PORT pointing here. */
  env: Record<string, string>;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /**
   * The oldest message to `address` not yet returned by this method, waiting for one if
   * none has arrived. Each message is returned once, so consecutive calls walk the mail.
   */
  waitForMail(address: string, options?: { timeoutMs?: number }): Promise<ReceivedMail>;
  /** Messages to `address` (returned or not). */
  mailTo(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  /** Defaults to 0: any free port. */
  port?: number;
  host?: string;
  /**
   * Accounts by user name → password. With them, signing in is required (530 before it)
   * and wrong credentials get 535; without them, AUTH is optional and anything passes.
   */
  users?: Record<string, string>;
  /** Recipients answered with 550 5.1.1 (user unknown), as a real server does. */
  rejectRecipients?: string[];
  /**
   * `starttls`: offers STARTTLS; `tls`: TLS from the start (port 465 style); both with
   * test-tls.ts's certificate. Default: plain, STARTTLS not offered, like a local relay.
   */
  tls?: 'starttls' | 'tls';
}

export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const host = options.host ?? '127.0.0.1';
  const messages: ReceivedMail[] = [];
  const returned = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();

  const users = options.users;
  const rejected = new Set((options.rejectRecipients ?? []).map((address) => address.toLowerCase()));
  const server = new SMTPServer({
    // By default plain SMTP like a local relay; AUTH is optional and any credentials pass,
    // so Weft works here with or without SMTP_USER.
    authOptional: users === undefined,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => {
      if (users && users[auth.username ?? ''] !== auth.password) {
        callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
        return;
      }
      callback(null, { user: auth.username });
    },
    onRcptTo: (address, _session, callback) => {
      if (!rejected.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
    },
    ...(options.tls ? { key: TEST_TLS.key, cert: TEST_TLS.cert, secure: options.tls === 'tls' } : { disabledCommands: ['STARTTLS'] }),
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          ...parseMail(raw),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          receivedAt: new Date(),
          authUser: typeof session.user === 'string' ? session.user : undefined,
          secure: session.secure,
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  // A client that gives up mid-handshake (a test of a wrong port or certificate) is not the peer's failure.
  server.on('error', () => {});
  // smtp-server keeps its net.Server on `.server`; the typings do not declare it.
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;

  const mailTo = (address: string) => messages.filter((m) => m.envelopeTo.includes(address.toLowerCase()));

  return {
    host,
    port,
    env: { SMTP_HOST: host, SMTP_PORT: String(port) },
    messages,
    mailTo,
    waitForMail(address, { timeoutMs = 10_000 } = {}) {
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = (): boolean => {
          const next = mailTo(address).find((m) => !returned.has(m));
          if (!next) return false;
          returned.add(next);
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(next);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`No mail to ${address} within ${timeoutMs} ms (received ${messages.length} message(s) in all)`));
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The password-reset link in a mail Weft sent; throws when there is none. */
export function resetLinkFrom(mail: Pick<ParsedMail, 'text' | 'html'>): string {
  const link = findLink(mail, '/reset-password');
  if (!link) throw new Error('The mail contains no /reset-password link');
  return link;
}

/** The token of a password-reset link. */
export function resetTokenFrom(mail: Pick<ParsedMail, 'text' | 'html'>): string {
  const token = new URL(resetLinkFrom(mail)).searchParams.get('token');
  if (!token) throw new Error('The reset link has no token');
  return token;
}
