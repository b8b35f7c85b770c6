import type { EmailSendConfig } from '../email-send.node.js';
import type { NodeRunArgs } from '../node-services.js';
import type { MailSendRequest, SmtpSecurity } from '../services/mail-service.js';
import { fillPlaceholders, type PlaceholderScope, requireResolvedSecret, wholePlaceholderValue } from './placeholders.js';

const SECURITY_LABEL: Record<SmtpSecurity, string> = { starttls: 'STARTTLS', tls: 'TLS', none: 'no encryption' };
/** Recipients of one message, To, Cc and Bcc together: a workflow is not a mailing list. */
export const MAX_RECIPIENTS = 100;
/** An addr-spec as far as a form can tell: something@domain, no spaces or brackets. */
const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+$/;

/**
 * Sends one e-mail through the host's mail service (which owns SMTP, the outbound guard
 * and HTML sanitising). Every field is checked here first, with messages that name it.
 */
export async function runSendEmail({ inputs, config, ctx }: NodeRunArgs<EmailSendConfig>) {
  const request = buildMailRequest(config, { input: inputs.input, params: ctx.services.params });
  const server = `${request.host}:${request.port} (${SECURITY_LABEL[request.security]})`;
  if (request.security === 'none' && request.password) ctx.log(`Signing in to ${server} without encryption: the password crosses the network readable`, 'warn');
  const result = await ctx.services.mail.send(request, { signal: ctx.signal });
  const recipients = request.to.length + (request.cc?.length ?? 0) + (request.bcc?.length ?? 0);
  ctx.log(`${server} accepted ${result.accepted.length} of ${recipients} recipient${recipients === 1 ? '' : 's'}: ${result.response}`);
  if (result.rejected.length > 0) ctx.log(`The server refused ${result.rejected.join(', ')}; the others got the mail`, 'warn');
  return {
    outputs: { output: { messageId: result.messageId, accepted: [...result.accepted], rejected: [...result.rejected], response: result.response } },
  };
}

export function buildMailRequest(config: EmailSendConfig, scope: PlaceholderScope): MailSendRequest {
  const { security, port } = config;
  const host = fillPlaceholders(config.host.trim(), scope, 'the SMTP host').trim();
  if (host === '') throw new Error('SMTP host is required: your provider’s SMTP server, such as smtp.example.com');
  if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+|[0-9a-fA-F:]+)$/.test(host)) {
    throw new Error(`SMTP host "${host}" is not a host name: write it without smtp:// or a port, such as smtp.example.com`);
  }

  const user = config.user.trim();
  const password = requireResolvedSecret(config.password ?? '', 'Password');
  if (password !== '' && user === '') throw new Error('A Password is chosen but no User: fill in the user name the SMTP server knows you by');
  if (user !== '' && password === '') throw new Error('A User is set but no Password is chosen: pick the secret that holds the SMTP password');

  const from = singleAddress(fillPlaceholders(config.from.trim(), scope, 'From'), 'From', true);
  const to = addressField(config.to, 'To', scope);
  if (to.length === 0) throw new Error('To is required: one or more addresses, separated by commas');
  const cc = addressField(config.cc, 'Cc', scope);
  const bcc = addressField(config.bcc, 'Bcc', scope);
  const count = to.length + cc.length + bcc.length;
  if (count > MAX_RECIPIENTS) throw new Error(`This mail has ${count} recipients; one message may have at most ${MAX_RECIPIENTS} (To, Cc and Bcc together)`);
  const replyTo = singleAddress(fillPlaceholders(config.replyTo.trim(), scope, 'Reply to'), 'Reply to', false);

  // A line break in a header would end it; the subject is one line whatever the input holds.
  const subject = fillPlaceholders(config.subject, scope, 'the subject')
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
  if (subject === '') throw new Error('Subject is required (or it is empty once its placeholders are filled)');
  const { format } = config;
  const body = fillPlaceholders(config.body, scope, 'the body');
  if (body.trim() === '') throw new Error('The body is empty once its placeholders are filled (did the input arrive empty?)');
  const timeoutMs = Math.round(config.timeoutSeconds * 1000);

  return {
    host: host.replace(/^\[(.*)\]$/, '$1'),
    port,
    security,
    ...(user === '' ? {} : { user, password }),
    from,
    to,
    ...(cc.length > 0 ? { cc } : {}),
    ...(bcc.length > 0 ? { bcc } : {}),
    ...(replyTo === '' ? {} : { replyTo }),
    subject,
    ...(format === 'html' ? { html: body } : { text: body }),
    timeoutMs,
  };
}

/** A recipients field: its text split into addresses, or the list a whole placeholder names. */
function addressField(text: string, label: string, scope: PlaceholderScope): string[] {
  const written = text.trim();
  if (written === '') return [];
  const whole = wholePlaceholderValue(written, scope);
  const entries =
    whole.found && Array.isArray(whole.value)
      ? whole.value.map((item) => (typeof item === 'string' ? item.trim() : JSON.stringify(item)))
      : splitAddresses(fillPlaceholders(written, scope, label));
  for (const entry of entries) checkAddress(entry, label);
  return entries.filter((entry) => entry !== '');
}

function singleAddress(text: string, label: string, required: boolean): string {
  if (text === '') {
    if (required) throw new Error(`${label} is required: the sender’s address, such as Weft <alerts@example.com>`);
    return '';
  }
  const entries = splitAddresses(text);
  if (entries.length > 1) throw new Error(`${label} takes one address; it holds ${entries.length}`);
  checkAddress(text, label);
  return text;
}

function checkAddress(entry: string, label: string): void {
  if (entry === '') return;
  const angle = /<([^<>]*)>\s*$/.exec(entry);
  const address = (angle ? angle[1] : entry)?.trim() ?? '';
  if (!ADDRESS.test(address)) throw new Error(`${label}: "${entry}" is not an e-mail address such as ada@example.com or Ada <ada@example.com>`);
}

/**
 * Splits `a@x.com, "Doe, Jane" <jane@x.com>; b@x.com` at commas, semicolons and line
 * breaks that are not inside quotes or angle brackets.
 */
export function splitAddresses(text: string): string[] {
  const entries: string[] = [];
  let current = '';
  let quoted = false;
  let angled = false;
  for (const char of text) {
    if (char === '"' && !angled) quoted = !quoted;
    else if (char === '<' && !quoted) angled = true;
    else if (char === '>' && !quoted) angled = false;
    if (!quoted && !angled && (char === ',' || char === ';' || char === '\n' || char === '\r')) {
      entries.push(current);
      current = '';
    } else current += char;
  }
  entries.push(current);
  return entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
}
