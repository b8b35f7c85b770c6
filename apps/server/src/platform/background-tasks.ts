import type { Logger } from 'pino';

/**
 * Work a request starts but does not wait for (mail, mostly), tracked so that shutdown
 * and tests can wait until it is done. A failure is logged by its message only: SMTP
 * errors can echo parts of the message, and mails carry tokens.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  /** `description` names the mail in the log line, e.g. "Password reset e-mail". */
  run(description: string, work: () => Promise<void>): void {
    const task = work().catch((error: unknown) => {
      this.log.error({ reason: error instanceof Error ? error.message : String(error) }, `${description} could not be sent`);
    });
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  /** Resolves when every task started so far (and any they started) has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
