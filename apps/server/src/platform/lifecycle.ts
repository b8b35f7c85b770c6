/** Set when the process begins to stop; requests from then on are told to come back (http/health.ts). */
export interface Lifecycle {
  stopping: boolean;
  /** Why the database file cannot be trusted any more (deleted or replaced, its disk full), if it cannot. */
  storageProblem: () => string | undefined;
  /** Writes a small row to show the database takes writes (DatabaseHandle.probeWrite); a read is asked without it. */
  probeWrite?: () => Promise<void>;
}

/** Thrown by services asked for work while the process stops; the API answers 503 with Retry-After. */
export class ShuttingDownError extends Error {
  readonly code = 'shutting_down';
  constructor() {
    super('Weft is restarting. Try again in a few seconds.');
    this.name = 'ShuttingDownError';
  }
}

/** How long a caller should wait before trying again while a process restarts. */
export const RETRY_AFTER_SECONDS = 5;
