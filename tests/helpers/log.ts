// A logger that keeps every line it writes, for tests that read what the operator would see.
import pino from 'pino';
import type { Logger } from '../../src/server/logger';

export type CapturedLog = {
  logger: Logger;
  /** Every JSON line written so far, parsed. */
  entries(): Array<Record<string, unknown> & { msg?: string }>;
  /** Everything written so far, as one string. */
  text(): string;
};

export function captureLog(level: pino.LevelWithSilent = 'trace'): CapturedLog {
  const lines: string[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(line) });
  return {
    logger,
    entries: () => lines.map((line) => JSON.parse(line)),
    text: () => lines.join(''),
  };
}
