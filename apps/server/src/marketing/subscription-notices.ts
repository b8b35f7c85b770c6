import type { BackgroundTasks } from '../platform/background-tasks.js';
import { escapeHtml, type Mailer } from '../platform/mailer.js';

/**
 * The mail that confirms a newsletter subscription and carries its one-click
 * unsubscribe link. Sent in the background: the subscribe answer must not wait on SMTP,
 * nor differ between new and known addresses.
 */
export class SubscriptionNotices {
  constructor(
    private readonly mailer: Mailer,
    private readonly background: BackgroundTasks,
    private readonly publicUrl: string,
  ) {}

  unsubscribeLink(token: string): string {
    return `${this.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  sendConfirmation(email: string, unsubscribeToken: string): void {
    const link = this.unsubscribeLink(unsubscribeToken);
    this.background.run('Subscription confirmation e-mail', () =>
      this.mailer.send({
        to: email,
        subject: 'You are subscribed to Weft updates',
        text: `Thanks for subscribing to Weft product updates and announcements.\n\nNot for you? Unsubscribe with one click: ${link}\n`,
        html: `<p>Thanks for subscribing to Weft product updates and announcements.</p><p>Not for you? <a href="${escapeHtml(link)}">Unsubscribe with one click</a>.</p>`,
      }),
    );
  }
}
