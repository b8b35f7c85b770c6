// The mail contract: one message over SMTP through the outbound guard.

/** How the SMTP connection is encrypted: STARTTLS (port 587), TLS from the start (465), or not at all (a local relay). */
export type SmtpSecurity = 'starttls' | 'tls' | 'none';

export interface MailSendRequest {
  readonly host: string;
  readonly port: number;
  /** `starttls` refuses a server that does not offer STARTTLS rather than falling back to plain text. */
  readonly security: SmtpSecurity;
  /** With `password`, signs in; neither is ever logged. */
  readonly user?: string;
  readonly password?: string;
  /** One address, optionally with a name: `Weft <alerts@example.com>`. */
  readonly from: string;
  readonly to: readonly string[];
  readonly cc?: readonly string[];
  readonly bcc?: readonly string[];
  readonly replyTo?: string;
  readonly subject: string;
  /** The plain-text body; with `html` as well, the plain-text alternative. */
  readonly text?: string;
  /** An HTML body. The service sanitises it, and derives the plain-text alternative from it when `text` is unset. */
  readonly html?: string;
  /** The whole send, connecting included. The service applies its own upper bound. */
  readonly timeoutMs?: number;
}

export interface MailSendResult {
  /** The Message-ID header the mail was sent with. */
  readonly messageId: string;
  readonly accepted: readonly string[];
  /** Recipients the server refused while others were accepted (all refused is an error). */
  readonly rejected: readonly string[];
  /** The server's last answer, e.g. `250 2.0.0 OK queued as 4Fx…`. */
  readonly response: string;
}

export interface MailService {
  /**
   * Sends one message over SMTP. The host is resolved and checked like an HTTP
   * destination (private, loopback and metadata addresses refused unless the operator
   * allows them) and the connection goes to the address that was checked. Throws with a
   * message a user can act on: wrong password, refused connection, rejected recipient.
   */
  send(request: MailSendRequest, options: { signal: AbortSignal }): Promise<MailSendResult>;
}
