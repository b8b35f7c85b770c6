import type { SmtpSecurity } from '@weft/nodes';
import { describeNetworkError, OutboundError } from './outbound-errors.js';

/** The SMTP server as an error names it. */
export interface MailServer {
  readonly host: string;
  readonly port: number;
  readonly security: SmtpSecurity;
  readonly from: string;
}

/** What nodemailer puts on its errors (see nodemailer's errors.d.ts). */
interface SmtpError extends Error {
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
  originalCode?: string;
  timeoutType?: string;
  rejectedErrors?: { recipient?: string; response?: string; message: string }[];
}

const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/** Whether nothing was said to the server yet, so another of its addresses may be tried. */
export function isConnectFailure(error: unknown): boolean {
  const e = error as SmtpError;
  if (e.code === 'ETIMEDOUT') return e.timeoutType === 'CONNECT_TIMEOUT';
  return (e.code === 'ESOCKET' || e.code === 'ECONNECTION') && CONNECT_FAILURES.has(e.originalCode ?? '');
}

/**
 * An error a workflow's author can act on, for whatever sending through `server` threw:
 * the guard's refusals as they are, nodemailer's codes and the server's replies turned
 * into what went wrong and what to change. Never holds the password (`secret`).
 */
export function explainMailError(error: unknown, server: MailServer, timeoutMs: number, secret?: string): Error {
  if (error instanceof OutboundError) return error;
  const message = describe(error as SmtpError, server, timeoutMs);
  const safe = secret ? message.split(secret).join('••••') : message;
  return new Error(safe, { cause: error });
}

function describe(e: SmtpError, server: MailServer, timeoutMs: number): string {
  const at = `${server.host}:${server.port}`;
  const reply = e.response ? ` (the server said: ${oneLine(e.response)})` : '';
  switch (e.code) {
    case 'ENOTFOUND':
      return `The SMTP host ${server.host} does not resolve: check its spelling`;
    case 'EAI_AGAIN':
      return `The SMTP host ${server.host} could not be resolved (DNS did not answer): try again later`;
    case 'EAUTH':
      return `${at} refused the user name or password${reply}: check User and the Password secret; many providers want an app password rather than your usual one`;
    case 'ENOAUTH':
      return `${at} needs a user and password: fill in User and pick the Password secret`;
    case 'EENVELOPE':
      return envelope(e, server, reply);
    case 'EMAXRECIPIENTS':
      return 'The mail has more recipients than one message may have: send fewer at a time';
    case 'EMESSAGE':
      return `${at} refused the message${reply}: it may be too large or look like spam to the server`;
    case 'ETLS':
      if (e.command === 'STARTTLS' || /STARTTLS/i.test(e.message)) {
        return `${at} does not offer STARTTLS${reply}: choose TLS if this is port 465, or None for a relay without encryption`;
      }
      return `The TLS handshake with ${at} failed (${oneLine(e.message)}): check Encryption and Port`;
    case 'EABORT':
      return `Sending the mail through ${at} took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`;
    case 'EPROTOCOL':
      return `${at} did not answer like an SMTP server (${oneLine(e.message)}): is the port right?`;
    case 'ETIMEDOUT':
      if (e.timeoutType === 'GREETING_TIMEOUT') {
        const hint = server.security === 'tls' ? 'is this a STARTTLS port such as 587? Choose STARTTLS then' : 'if this is port 465, choose TLS';
        return `${at} accepted the connection but sent no SMTP greeting: ${hint}`;
      }
      if (e.timeoutType === 'CONNECT_TIMEOUT') return `Could not connect to ${at}: the connection timed out (a firewall may block the port)`;
      return `${at} stopped answering while the mail was sent: try again later`;
    default:
      return network(e, server, at);
  }
}

function envelope(e: SmtpError, server: MailServer, reply: string): string {
  const at = `${server.host}:${server.port}`;
  if (e.command === 'MAIL FROM') {
    if (e.responseCode === 530 || /auth/i.test(e.response ?? ''))
      return `${at} asks you to sign in before sending${reply}: fill in User and pick the Password secret`;
    return `${at} refused the sender ${server.from}${reply}: many servers send only from the addresses of the account you sign in with`;
  }
  const refused = (e.rejectedErrors ?? []).map((r) => `${r.recipient ?? '?'} (${oneLine(r.response ?? r.message)})`);
  if (refused.length > 0) return `${at} refused ${refused.length === 1 ? 'the recipient' : 'every recipient'}: ${refused.join('; ')}. Check the addresses`;
  return `${at} refused the envelope${reply}: check From and the recipients`;
}

function network(e: SmtpError, server: MailServer, at: string): string {
  const code = e.originalCode ?? e.code ?? '';
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number/i.test(e.message)) {
    return `${at} does not speak TLS from the start: choose STARTTLS for a port such as 587 (TLS is for port 465)`;
  }
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/.test(code)) {
    return `The TLS certificate of ${at} is not valid for ${server.host} (${oneLine(e.message)}): check the SMTP host name, or ask the provider`;
  }
  if (code === 'ECONNREFUSED') {
    return `Could not connect to ${at}: connection refused. Is the port right? Most providers take 587 (STARTTLS) or 465 (TLS)`;
  }
  const reason = describeNetworkError(Object.assign(new Error(e.message), { code })) ?? oneLine(e.message);
  return `Sending the mail through ${at} failed: ${reason}`;
}

/** A server reply on one line and not too long for an error. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
