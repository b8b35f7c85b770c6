import net from 'node:net';
import type tls from 'node:tls';
import type { MailSendRequest, MailSendResult, MailService } from '@weft/nodes';
import type { Logger } from 'pino';
import { type ResolvedAddress, resolveCheckedHost } from './checked-address.js';
import { explainMailError, isConnectFailure, type MailServer } from './mail-errors.js';
import { isAllowedHostAndPort, type OutboundPolicy, parseAllowedHosts } from './outbound-policy.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_TIMEOUT_MS = 2 * 60_000;
/** The node's own limit too (send-email.ts); here so that no caller goes past it. */
const MAX_RECIPIENTS = 100;
/** A name with many addresses is tried on the first few; past that the server is down, not one route. */
const MAX_ADDRESSES_TRIED = 3;

export interface MailServiceOptions extends OutboundPolicy {
  /** The most one send may take, whatever the node asks. Default 2 minutes. */
  readonly maxTimeoutMs?: number;
  /** Added to every TLS connection: tests trust their own certificate this way. */
  readonly tls?: Pick<tls.ConnectionOptions, 'ca'>;
  /** One line per send (who, where, how many recipients), never a password or a body. */
  readonly logger?: Logger;
  /**
   * Sanitises an HTML body and makes its plain-text part (unless `text` is given): the
   * content workers' cleaning, away from the event loop. Without it that is done here.
   */
  readonly cleanHtml?: (html: string, text: string | undefined, options: { owner?: string; signal: AbortSignal }) => Promise<{ html: string; text: string }>;
}

/** Which run a send belongs to, for the log line. */
export interface MailSendContext {
  readonly userId?: string;
  readonly executionId?: string;
}

export interface ServerMailService extends MailService {
  send(request: MailSendRequest, options: { signal: AbortSignal }, context?: MailSendContext): Promise<MailSendResult>;
}

/**
 * The mail service nodes use (Send E-mail): nodemailer over SMTP, behind the same policy
 * as outbound HTTP. The host is resolved once and every address checked (private,
 * loopback and metadata refused unless the operator allows them), then nodemailer is
 * given the checked address, never the name, so DNS cannot answer differently between
 * check and connect; the name still goes along as the TLS server name, so certificates
 * are verified against it. HTML bodies are sanitised and get a plain-text alternative.
 */
export function createMailService(options: MailServiceOptions): ServerMailService {
  const allowedHosts = parseAllowedHosts(options.allowedPrivateHosts);
  const maxTimeoutMs = options.maxTimeoutMs ?? DEFAULT_MAX_TIMEOUT_MS;

  return {
    async send(request, { signal }, context = {}) {
      signal.throwIfAborted();
      const timeoutMs = Math.min(request.timeoutMs ?? DEFAULT_TIMEOUT_MS, maxTimeoutMs);
      const server: MailServer = { host: request.host, port: request.port, security: request.security, from: request.from };
      const started = Date.now();
      const logFields = { ...context, host: request.host, port: request.port, security: request.security, recipients: recipientCount(request) };
      const content = await mailContent(request, { owner: context.userId, signal }, options.cleanHtml);
      try {
        const trusted = isAllowedHostAndPort(request.host, request.port, allowedHosts);
        const addresses = await resolveCheckedHost(request.host, options, { trusted, timeoutMs });
        const deadline = AbortSignal.timeout(timeoutMs);
        const result = await sendToFirstReachable(addresses, request, content, AbortSignal.any([signal, deadline]), { timeoutMs, tls: options.tls });
        options.logger?.info(
          {
            ...logFields,
            address: result.address,
            accepted: result.info.accepted.length,
            rejected: result.info.rejected.length,
            messageId: result.info.messageId,
            ms: Date.now() - started,
          },
          'Sent an e-mail for a workflow',
        );
        return {
          messageId: result.info.messageId,
          accepted: result.info.accepted.map(addressText),
          rejected: result.info.rejected.map(addressText),
          response: result.info.response,
        };
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        const explained = explainMailError(error, server, timeoutMs, request.password);
        options.logger?.warn(
          { ...logFields, code: (error as { code?: string }).code, ms: Date.now() - started },
          `An e-mail for a workflow failed: ${explained.message}`,
        );
        throw explained;
      }
    },
  };
}

interface MailContent {
  readonly text: string;
  readonly html?: string;
}

async function mailContent(
  request: MailSendRequest,
  work: { owner?: string; signal: AbortSignal },
  cleanHtml: MailServiceOptions['cleanHtml'],
): Promise<MailContent> {
  if (request.html === undefined) return { text: request.text ?? '' };
  const { html, text } = cleanHtml ? await cleanHtml(request.html, request.text, work) : await cleanHere(request.html, request.text);
  if (html.trim() === '' || (text.trim() === '' && !/<img\b/i.test(html))) {
    throw new Error('The HTML body is empty once cleaned (scripts, styles and forms are removed): write the body as HTML text');
  }
  return { text, html };
}

/** Tries the checked addresses in DNS order while the failure is one of connecting, which sends nothing. */
async function sendToFirstReachable(
  addresses: readonly ResolvedAddress[],
  request: MailSendRequest,
  content: MailContent,
  signal: AbortSignal,
  settings: { timeoutMs: number; tls: MailServiceOptions['tls'] },
) {
  const candidates = addresses.slice(0, MAX_ADDRESSES_TRIED);
  const { default: nodemailer } = await import('nodemailer');
  for (let index = 0; ; index++) {
    const address = candidates[index]?.address as string;
    const transport = nodemailer.createTransport({
      host: address,
      port: request.port,
      secure: request.security === 'tls',
      requireTLS: request.security === 'starttls',
      ignoreTLS: request.security === 'none',
      // The name the user wrote: SNI and certificate checks are against it, not the address.
      ...(net.isIP(request.host) === 0 ? { servername: request.host } : {}),
      ...(settings.tls ? { tls: { ...settings.tls } } : {}),
      ...(request.user ? { auth: { user: request.user, pass: request.password ?? '' } } : {}),
      // Connecting and the greeting get part of the time, so a wrong port is reported as such
      // before the whole send's deadline ends it with a plainer "took too long".
      connectionTimeout: phaseTimeout(settings.timeoutMs),
      greetingTimeout: phaseTimeout(settings.timeoutMs),
      socketTimeout: settings.timeoutMs,
      // Message fields are text from a workflow: never paths or URLs for nodemailer to read.
      disableFileAccess: true,
      disableUrlAccess: true,
      logger: false,
    });
    try {
      const info = await transport.sendMail({
        from: request.from,
        to: [...request.to],
        ...(request.cc?.length ? { cc: [...request.cc] } : {}),
        ...(request.bcc?.length ? { bcc: [...request.bcc] } : {}),
        ...(request.replyTo ? { replyTo: request.replyTo } : {}),
        subject: request.subject,
        text: content.text,
        ...(content.html === undefined ? {} : { html: content.html }),
        maxRecipients: MAX_RECIPIENTS,
        signal,
      });
      return { address, info };
    } catch (error) {
      if (!isConnectFailure(error) || index + 1 >= candidates.length || signal.aborted) throw error;
    } finally {
      transport.close();
    }
  }
}

// The HTML cleaners (sanitize-html, html-to-text) are imported with the first mail, not at
// start: most instances never send one (bench/cold-start.bench.mjs).
async function cleanHere(html: string, text: string | undefined): Promise<{ html: string; text: string }> {
  const [{ cleanMailBody }, { DEFAULT_CONTENT_LIMITS }] = await Promise.all([import('./mail-content.js'), import('../content-work/content-limits.js')]);
  return cleanMailBody(html, text, 'The HTML body', DEFAULT_CONTENT_LIMITS);
}

function phaseTimeout(timeoutMs: number): number {
  return Math.max(1, Math.min(15_000, Math.floor(timeoutMs / 2)));
}

function recipientCount(request: MailSendRequest): number {
  return request.to.length + (request.cc?.length ?? 0) + (request.bcc?.length ?? 0);
}

/** nodemailer reports recipients as strings, or as { address } objects for some transports. */
function addressText(entry: string | { address?: string }): string {
  return typeof entry === 'string' ? entry : (entry.address ?? '');
}
