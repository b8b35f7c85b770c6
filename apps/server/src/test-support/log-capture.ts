import pino, { type Logger } from 'pino';
import { loggerOptions } from '../logger.js';

/**
 * A logger configured exactly like production (same redaction and serializers) whose
 * lines land in memory, for tests that check what gets logged.
 */
export function captureLogs(level = 'trace'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino(loggerOptions(level), { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}
